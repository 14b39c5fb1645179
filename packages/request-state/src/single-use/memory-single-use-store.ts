import type { SingleUseStore } from './single-use-store';

/** Every this many consumes, expired records are swept (so memory follows the live tokens, not all tokens ever). */
const SWEEP_EVERY = 1024;

/**
 * A `SingleUseStore` in this process's memory: right for one process (stdio, one HTTP worker). Several
 * instances behind a balancer need a shared store (`@tessera/redis`'s `RedisSingleUseStore`), or a replay
 * sent to another instance is accepted there.
 */
export class MemorySingleUseStore implements SingleUseStore {
  private readonly used = new Map<string, number>();
  private sinceSweep = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  async consume(nonce: string, until: { expiresAtMs: number }): Promise<boolean> {
    const now = this.clock();
    if (++this.sinceSweep >= SWEEP_EVERY) this.sweep(now);
    const kept = this.used.get(nonce);
    if (kept !== undefined && kept > now) return false;
    this.used.set(nonce, until.expiresAtMs);
    return true;
  }

  async release(nonce: string): Promise<void> {
    this.used.delete(nonce);
  }

  /** How many nonces are remembered (expired ones included until the next sweep). */
  get size(): number {
    return this.used.size;
  }

  private sweep(now: number): void {
    this.sinceSweep = 0;
    for (const [nonce, until] of this.used) if (until <= now) this.used.delete(nonce);
  }
}
