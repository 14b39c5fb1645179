import { createApp, silentLogger, type Interceptor, type TesseraApp } from '@tessera/core';
import { echoToolTable } from '@tessera/testing';

/** An app with `toolCount` tools (each its own args DTO, ten per provider class); only `echo` is called. */
export function manyToolsApp(toolCount: number, interceptors: Interceptor[] = []): TesseraApp {
  return createApp({
    name: `tools-${toolCount}`,
    version: '1.0.0',
    providers: echoToolTable(toolCount),
    interceptors,
    logger: silentLogger,
  });
}

export const ECHO_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'echo',
    arguments: { text: 'hello' },
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

export const ECHO_HEADERS = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'echo',
};
