import type { SingleUseStore } from '@tessera/request-state';
import type { RedisCommands } from './redis-commands';

export interface RedisSingleUseStoreOptions {
  /** A connected client (`connectRedis(url)` sets it up to fail fast while Redis is unreachable). */
  client: RedisCommands;
  /** Prefix of the keys the nonces are stored under; default `tessera:request-state:used:`. */
  keyPrefix?: string;
}

/**
 * Single-use requestState shared by a fleet: `SET <prefix><nonce> 1 NX PXAT <token's expiry + clock skew>`.
 * Redis runs it atomically, so of two instances presenting one token at once exactly one wins, and the key
 * expires at an absolute time taken from the token, the same whichever instance's clock consumed it. A Redis
 * that does not answer rejects, and the leg is refused (fail closed). Needs Redis 6.2 or later (PXAT).
 */
export class RedisSingleUseStore implements SingleUseStore {
  private readonly client: RedisCommands;
  private readonly keyPrefix: string;

  constructor(options: RedisSingleUseStoreOptions) {
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
}
