import { ProtocolError } from '@modelcontextprotocol/server';
import { JsonRpcCode } from './json-rpc-codes';

/** The wait a client is told to take before sending a request refused for a store outage again. */
export const STORE_RETRY_AFTER_MS = 1000;

/**
 * The answer to a request refused because a store it needs (single-use state, tasks) did not answer:
 * -31503 with `data: { reason: 'store_unavailable', retryAfterMs }`, which clients send again after the wait.
 * `message` says what did not run; the store's own error is the server log's, never the client's.
 */
export function storeUnavailable(message: string): ProtocolError {
  return new ProtocolError(JsonRpcCode.Unavailable, `Service unavailable: ${message}`, {
    reason: 'store_unavailable',
    retryAfterMs: STORE_RETRY_AFTER_MS,
  });
}
