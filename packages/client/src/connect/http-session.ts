import { SdkHttpError, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { NodeHttpTransport } from '../accelerators/node-http/node-http-transport';

/** The 2025-era session a transport holds, if any (Streamable HTTP with an `Mcp-Session-Id`). */
export function httpSessionOf(transport: Transport | undefined): StreamableHTTPClientTransport | undefined {
  const http = transport instanceof NodeHttpTransport ? transport.sdkTransport : transport;
  return http instanceof StreamableHTTPClientTransport && http.sessionId !== undefined ? http : undefined;
}

/**
 * The server no longer knows the session the request named (it timed out, was closed, or the server restarted):
 * Streamable HTTP answers 404, and the client is to initialize a new session.
 */
export function isSessionGone(error: unknown, transport: Transport | undefined): boolean {
  return error instanceof SdkHttpError && error.status === 404 && httpSessionOf(transport) !== undefined;
}
