import { rawRequestInit } from '@tessera/testing';
import type { TesseraApp } from '../../src';

/** A stateless 2026-07-28 `tools/call` of `name` (no arguments) carrying `Authorization: Bearer <token>`. */
export function bearerToolCall(app: TesseraApp, token: string, name: string): Promise<Response> {
  const init = rawRequestInit('tools/call', { name, arguments: {} }, { headers: { authorization: `Bearer ${token}` } });
  return app.fetch(new Request('http://127.0.0.1/mcp', init));
}
