import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ResolvedRequestLimits } from './request-limits';

/**
 * Below this size a body is not scanned: JSON.parse of even the worst shape (one object of tiny keys,
 * about 40 ms per MiB) takes under a millisecond, and ordinary calls, far smaller, pay nothing.
 */
export const SCAN_FROM_BYTES = 16 * 1024;

/**
 * refuseByScan for a body of any size, its scanner required on the first body large enough to scan: an
 * ordinary call, far smaller, never loads it (five modules of every server's start).
 */
export function refuseLargeBody(
  body: Uint8Array,
  limits: ResolvedRequestLimits,
): Promise<JSONRPCMessage | undefined> | undefined {
  if (body.length < SCAN_FROM_BYTES) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./refuse-by-scan') as typeof import('./refuse-by-scan')).refuseByScan(body, limits);
}
