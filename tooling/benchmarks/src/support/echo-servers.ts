import { z } from 'zod';
import {
  createMcpHandler,
  McpServer,
  ProtocolError,
  Server,
  type CallToolResult,
  type McpHttpHandler,
  type Tool as SdkTool,
} from '@modelcontextprotocol/server';
import type { FetchFace } from './wire';

/**
 * The same trivial `echo` tool (`{ text: string }` -> the text), served by the raw SDK (Tessera's: tessera-echo.ts), next to
 * `toolCount - 1` filler tools of the same shape (`tool_1`, `tool_2`, ...). Only `echo` is called.
 */
export interface EchoServer {
  name: string;
  fetch: FetchFace;
  close(): Promise<void>;
  /** The SDK handler, where the server is a plain createMcpHandler. */
  handler?: McpHttpHandler;
}

export const ECHO_CALL = { method: 'tools/call', params: { name: 'echo', arguments: { text: 'hello' } } };
export const ECHO_TEXT = 'hello';

export const fillerName = (i: number) => `tool_${i}`;
/** Each tool gets its own schema object (as a list of hand-written tools would have). */
const echoJsonSchema = () => ({
  type: 'object' as const,
  properties: { text: { type: 'string' as const, description: 'Text to echo' } },
  required: ['text'],
});

function echoResult(args: Record<string, unknown>): CallToolResult {
  if (typeof args.text !== 'string')
    return { isError: true, content: [{ type: 'text', text: 'text: must be a string' }] };
  return { content: [{ type: 'text', text: args.text }] };
}

/**
 * (a) The raw SDK's low-level `Server`, a fresh one per request (createMcpHandler), with two
 * `setRequestHandler`s dispatching into a tool table built once, and a hand-written argument check.
 */
export function rawLowLevelEcho(toolCount: number): EchoServer {
  const tools: SdkTool[] = [{ name: 'echo', description: 'Echo the text', inputSchema: echoJsonSchema() }];
  const table = new Map<string, (args: Record<string, unknown>) => CallToolResult>([['echo', echoResult]]);
  for (let i = 1; i < toolCount; i++) {
    tools.push({ name: fillerName(i), description: `Filler tool ${i}`, inputSchema: echoJsonSchema() });
    table.set(fillerName(i), echoResult);
  }
  const handler = createMcpHandler(() => {
    const server = new Server({ name: 'raw-low-level', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', () => ({ tools }));
    server.setRequestHandler('tools/call', (req) => {
      const tool = table.get(req.params.name);
      if (!tool) throw new ProtocolError(-32602, `Unknown tool: ${req.params.name}`);
      return tool((req.params.arguments ?? {}) as Record<string, unknown>);
    });
    return server;
  });
  return { name: 'raw SDK low-level Server', fetch: handler.fetch, close: () => handler.close(), handler };
}

/**
 * (a') The same as (a), with the body read and parsed by the caller and handed over as `parsedBody` (the
 * SDK's escape hatch; Tessera's `fetch` does this since it reads the body anyway). Not a baseline: it
 * shows what the SDK costs when it neither clones nor reads the body.
 */
export function rawLowLevelParsedEcho(toolCount: number): EchoServer {
  const inner = rawLowLevelEcho(toolCount);
  const handler = inner.handler!;
  const fetch: FetchFace = async (request) => handler.fetch(request, { parsedBody: JSON.parse(await request.text()) });
  return { name: 'raw SDK low-level Server, parsedBody given', fetch, close: inner.close };
}

/**
 * (b) The raw SDK's `McpServer`, a fresh one per request, every tool `registerTool`-ed with a zod schema.
 * The zod schema object itself is built once (the cheapest way to write it).
 */
export function rawMcpServerEcho(toolCount: number): EchoServer {
  const input = z.object({ text: z.string().describe('Text to echo') });
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'raw-mcp-server', version: '1.0.0' });
    server.registerTool('echo', { description: 'Echo the text', inputSchema: input }, async ({ text }) => ({
      content: [{ type: 'text', text }],
    }));
    for (let i = 1; i < toolCount; i++) {
      server.registerTool(fillerName(i), { description: `Filler tool ${i}`, inputSchema: input }, async ({ text }) => ({
        content: [{ type: 'text', text }],
      }));
    }
    return server;
  });
  return { name: 'raw SDK McpServer + registerTool', fetch: handler.fetch, close: () => handler.close() };
}
