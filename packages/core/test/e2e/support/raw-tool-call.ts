// A bare 2026-07-28 tools/call as a plain HTTP client sends it: the body text and the headers the SDK requires.
// Written out rather than taken from @tessera/testing's rawRequestInit: the loading fixtures use it, and the
// testing package's root loads the MCP client, which would blur what a server alone loads.
import { envelopeOf } from './provision-call';

export interface RawToolCall {
  body: string;
  headers: Record<string, string>;
}

/** A tools/call of `tool` with no arguments, id 1, from a client named 't' with no capabilities. */
export function rawToolCall(tool: string): RawToolCall {
  return {
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: tool, arguments: {}, _meta: envelopeOf('t') },
    }),
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': tool,
    },
  };
}
