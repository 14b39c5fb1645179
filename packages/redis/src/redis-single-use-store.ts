import type { LegClaim, LegClaimOutcome, LegFinish, LegRenewal, SingleUseStore } from '@tessera/request-state';
import { checkRedisOptions } from './check-redis-options';
import type { RedisCommands } from './redis-commands';
import { CLAIM_LEG, FINISH_LEG, RENEW_LEG } from './redis-leg-scripts';

export interface RedisSingleUseStoreOptions {
  /** A connected client (`connectRedis(url)` sets it up to fail fast while Redis is unreachable). */
  client: RedisCommands;
  /** Prefix of the keys the nonces are stored under; default `tessera:request-state:used:`. */
  keyPrefix?: string;
}

const SINGLE_USE_STORE_OPTIONS = { client: true, keyPrefix: true } as const satisfies Record<
  keyof RedisSingleUseStoreOptions,
  true
>;

/**
 * Single-use requestState shared by a fleet: `SET <prefix><nonce> 1 NX PXAT <token's expiry + clock skew>`.
 * Redis runs it atomically, so of two instances presenting one token at once exactly one wins, and the key
 * expires at an absolute time taken from the token, the same whichever instance's clock consumed it. A Redis
 * that does not answer rejects, and the leg is refused (fail closed). Needs Redis 6.2 or later (PXAT).
 *
 * Idempotent legs live in the same record (Lua scripts, atomic): the leg's key, the lease of the run in
 * progress (timed by Redis's own clock, so instances' clocks do not matter), then its answer, sealed by the
 * request-state codec before it gets here: Redis never holds a leg's answer in plaintext.
 */
export class RedisSingleUseStore implements SingleUseStore {
  private readonly client: RedisCommands;
  private readonly keyPrefix: string;

  constructor(options: RedisSingleUseStoreOptions) {
    checkRedisOptions(options, SINGLE_USE_STORE_OPTIONS, 'RedisSingleUseStore');
    if (typeof options?.client?.sendCommand !== 'function')
      throw new TypeError('RedisSingleUseStore: client must be a Redis client (sendCommand)');
    this.client = options.client;
    this.keyPrefix = options.keyPrefix ?? 'tessera:request-state:used:';
  }

  async consume(nonce: string, until: { expiresAtMs: number }): Promise<boolean> {
    const reply = await this.client.sendCommand([
      'SET',
      this.keyPrefix + nonce,
      '1',
      'NX',
      'PXAT',
      String(Math.max(1, Math.ceil(until.expiresAtMs))),
    ]);
    return reply === 'OK';
  }

  async release(nonce: string): Promise<void> {
    await this.client.sendCommand(['DEL', this.keyPrefix + nonce]);
  }

  async claimLeg(nonce: string, claim: LegClaim): Promise<LegClaimOutcome> {
    const reply = (await CLAIM_LEG.run(
      this.client,
      [this.keyPrefix + nonce],
      [claim.key, claim.owner, String(Math.ceil(claim.leaseMs)), String(Math.max(1, Math.ceil(claim.expiresAtMs)))],
    )) as string[];
    switch (reply[0]) {
      case 'run':
        return { status: 'run', rerun: reply[1] === '1' };
      case 'running':
        return { status: 'running' };
      case 'done':
        return { status: 'done', answer: String(reply[1]) };
      case 'replayed':
        return { status: 'replayed' };
      default:
        throw new Error(`RedisSingleUseStore: unexpected claim reply ${JSON.stringify(reply)}`);
    }
  }

  async renewLeg(nonce: string, renewal: LegRenewal): Promise<boolean> {
    const reply = await RENEW_LEG.run(
      this.client,
      [this.keyPrefix + nonce],
      [renewal.owner, String(Math.ceil(renewal.leaseMs))],
    );
    return Number(reply) === 1;
  }

  async finishLeg(nonce: string, finish: LegFinish): Promise<void> {
    await FINISH_LEG.run(this.client, [this.keyPrefix + nonce], [finish.key, finish.answer]);
  }
}
