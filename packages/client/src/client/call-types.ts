import type {
  CallToolResult,
  Client as SdkClient,
  GetPromptResult,
  ReadResourceResult,
} from '@modelcontextprotocol/client';
import type { McpCall } from '../flow/mcp-call';

/** The complete result each multi-round-trip method returns. */
export interface McpResultByMethod {
  'tools/call': CallToolResult;
  'prompts/get': GetPromptResult;
  'resources/read': ReadResourceResult;
}

/** A complete result of any of the three. */
export type AnyResult = McpResultByMethod[keyof McpResultByMethod];

/** What one page of `listPrompts`, `listResources` or `listResourceTemplates` answers (the SDK's result types). */
export type Listing<M extends 'listPrompts' | 'listResources' | 'listResourceTemplates'> = ReturnType<SdkClient[M]>;

/** What `callTool` takes: the tool's name and arguments, and the request's `_meta`. */
export type ToolParams = Omit<Extract<McpCall, { method: 'tools/call' }>, 'method'>;
/** What `getPrompt` takes: the prompt's name and arguments, and the request's `_meta`. */
export type PromptParams = Omit<Extract<McpCall, { method: 'prompts/get' }>, 'method'>;
/** What `readResource` takes: the resource's URI, and the request's `_meta`. */
export type ResourceParams = Omit<Extract<McpCall, { method: 'resources/read' }>, 'method'>;
