import type { Logger } from '../logging/logger';
import { checkLaneAssumptions } from '../server/direct/check-lane-assumptions';

/**
 * Whether the installed SDK is still the one the fast lane was written against (checkLaneAssumptions):
 * if not, one warning names what changed, and this listener serves every request the SDK's own way.
 */
export function fastLaneReady(logger: Logger): boolean {
  const changed = checkLaneAssumptions();
  if (changed.length === 0) return true;
  logger.warn('HTTP fast lane off: the installed SDK changed what it relies on; every request takes the SDK path', {
    changed,
  });
  return false;
}
