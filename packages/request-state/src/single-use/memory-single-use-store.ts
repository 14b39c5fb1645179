import type { LegClaim, LegClaimOutcome, LegFinish, LegRenewal } from './leg-record';
import type { SingleUseStore } from './single-use-store';

/** Every this many consumes, expired records are swept (so memory follows the live tokens, not all tokens ever). */
const SWEEP_EVERY = 1024;

/** A used nonce: until when it is kept, and for an idempotent leg its key, lease and (once finished) answer. */
interface UsedNonce {
  until: number;
  leg?: { key: string; owner: string; leaseUntil: number; answer?: string };
}

/**
 * A `SingleUseStore` in this process's memory: right for one process (stdio, one HTTP worker). Several
 * instances behind a balancer need a shared store (`@tessera/redis`'s `RedisSingleUseStore`), or a replay
 * sent to another instance is accepted there.
 */
export class MemorySingleUseStore implements SingleUseStore {
  private readonly used = new Map<string, UsedNonce>();
  private sinceSweep = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  async consume(nonce: string, until: { expiresAtMs: number }): Promise<boolean> {
    if (this.live(nonce) !== undefined) return false;
    this.used.set(nonce, { until: until.expiresAtMs });
    return true;
  }

  async release(nonce: string): Promise<void> {
    this.used.delete(nonce);
  }

  async claimLeg(nonce: string, claim: LegClaim): Promise<LegClaimOutcome> {
    const kept = this.live(nonce);
    const now = this.clock();
    if (kept === undefined) {
      const leg = { key: claim.key, owner: claim.owner, leaseUntil: now + claim.leaseMs };
      this.used.set(nonce, { until: claim.expiresAtMs, leg });
      return { status: 'run', rerun: false };
    }
    const leg = kept.leg;
    if (leg === undefined || leg.key !== claim.key) return { status: 'replayed' };
    if (leg.answer !== undefined) return { status: 'done', answer: leg.answer };
    if (leg.leaseUntil > now) return { status: 'running' };
    leg.owner = claim.owner;
    leg.leaseUntil = now + claim.leaseMs;
    return { status: 'run', rerun: true };
  }

  async renewLeg(nonce: string, renewal: LegRenewal): Promise<boolean> {
    const leg = this.live(nonce)?.leg;
    if (leg === undefined || leg.answer !== undefined || leg.owner !== renewal.owner) return false;
    leg.leaseUntil = this.clock() + renewal.leaseMs;
    return true;
  }

  async finishLeg(nonce: string, finish: LegFinish): Promise<void> {
    const leg = this.live(nonce)?.leg;
    if (leg === undefined || leg.key !== finish.key || leg.answer !== undefined) return;
    leg.answer = finish.answer;
  }

  /** How many nonces are remembered (expired ones included until the next sweep). */
  get size(): number {
    return this.used.size;
  }

  /** The record of `nonce` if it has not expired; sweeps the expired ones now and then. */
  private live(nonce: string): UsedNonce | undefined {
    const now = this.clock();
    if (++this.sinceSweep >= SWEEP_EVERY) this.sweep(now);
    const kept = this.used.get(nonce);
    return kept !== undefined && kept.until > now ? kept : undefined;
  }

  private sweep(now: number): void {
    this.sinceSweep = 0;
    for (const [nonce, kept] of this.used) if (kept.until <= now) this.used.delete(nonce);
  }
}
