import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ResolvedRequestLimits } from './request-limits';
import { SCAN_FROM_BYTES } from './scan-from-bytes';

export { SCAN_FROM_BYTES };

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
