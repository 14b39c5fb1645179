import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ResolvedRequestLimits } from './request-limits';
import { loadFeature } from '../loading/load-feature';
import { SCAN_FROM_BYTES } from './scan-from-bytes';

export { SCAN_FROM_BYTES };

/**
 * refuseByScan for a body of any size, its scanner loaded on the first body large enough to scan (the
 * `largeBodyScan` optional feature): an ordinary call, far smaller, never loads it.
 */
export function refuseLargeBody(
  body: Uint8Array,
  limits: ResolvedRequestLimits,
): Promise<JSONRPCMessage | undefined> | undefined {
  if (body.length < SCAN_FROM_BYTES) return undefined;
  return loadFeature('largeBodyScan').refuseByScan(body, limits);
}
