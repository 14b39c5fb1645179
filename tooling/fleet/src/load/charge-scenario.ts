import type { Fleet } from '../fleet';
import type { RunningRedis } from '../redis/run-redis-server';
import { CHARGE_KILLS, chargeThroughKill } from './run-charges';

/**
 * Scenario 7: safe retries of a leg whose outcome is unknown, with a tool that is not idempotent. For each
 * kill of CHARGE_KILLS, one charge_card flow (or charge_now plain call) through nginx with the client at its defaults: the caller sees
 * no error and no restarted flow, and the ledger shows the documented guarantee (the handler at least once,
 * the charge once, through the idempotency key the handler passes on).
 */
export async function scenarioCharges(
  fleet: Fleet,
  redis: RunningRedis,
  check: (ok: boolean, line: string) => void,
): Promise<void> {
  for (const [k, kill] of CHARGE_KILLS.entries()) {
    const o = await chargeThroughKill(fleet, redis.url, kill);
    console.log(
      `7.${k + 1} ${kill.tool} (not idempotent), ${kill.name} (${o.killed}), client defaults: ` +
        `${o.error === undefined ? `answered "${o.text}"` : `ERROR surfaced: ${o.error}`}; leg retries=${o.legRetries}, ` +
        `flows restarted=${o.clientRestarts}; handler runs=${o.runs}, charges made=${o.charges}; ${(o.elapsedMs / 1000).toFixed(1)} s`,
    );
    check(o.error === undefined && o.clientRestarts === 0, `scenario 7.${k + 1}: no error surfaced, no flow restarted`);
    check(
      o.runs === kill.expected.runs && o.charges === kill.expected.charges,
      `scenario 7.${k + 1}: handler ran ${kill.expected.runs}x, charged ${kill.expected.charges}x`,
    );
    if (kill.killAt === 'leg answer recorded')
      check(
        o.text?.endsWith(`on ${o.killed}.`) === true,
        `scenario 7.${k + 1}: the answer is the one recorded on the killed instance`,
      );
  }
}
