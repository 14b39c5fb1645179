import type { AuthInfo } from '@modelcontextprotocol/server';

/** Active answers kept at most, the oldest dropped past it. */
export const INTROSPECTION_CACHE_ENTRIES = 10_000;
/** How long an active answer is trusted without asking again, at most (a revoked token is seen within it). */
export const INTROSPECTION_CACHE_MS = 5 * 60_000;
/** Calls to the introspection endpoint at once; more wait their turn. */
export const INTROSPECTION_IN_FLIGHT = 16;
/** Requests waiting for a turn at once; past it a request is refused (`server_error`) without a call. */
export const INTROSPECTION_WAITING = 1_000;

/**
 * What stands between requests and the issuer's introspection endpoint: an active answer is reused until
 * the token's `exp` (at most `INTROSPECTION_CACHE_MS`), requests with one token share one call, and calls are
 * bounded (`INTROSPECTION_IN_FLIGHT` at once, `INTROSPECTION_WAITING` waiting), so a stream of random tokens
 * cannot turn into as many concurrent calls to the issuer.
 */
export class IntrospectionGate {
  private readonly active = new Map<string, { info: AuthInfo; untilMs: number }>();
  private readonly pending = new Map<string, Promise<AuthInfo>>();
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** The cached answer for `token`, or the one `introspect` gives (shared by concurrent requests, bounded). */
  verify(token: string, introspect: () => Promise<AuthInfo>, busy: () => Error): Promise<AuthInfo> {
    const cached = this.active.get(token);
    if (cached !== undefined) {
      if (cached.untilMs > this.now()) return Promise.resolve(cached.info);
      this.active.delete(token);
    }
    const shared = this.pending.get(token);
    if (shared !== undefined) return shared;
    const call = this.turn(busy)
      .then(async (release) => {
        try {
          return this.remember(token, await introspect());
        } finally {
          release();
        }
      })
      .finally(() => this.pending.delete(token));
    this.pending.set(token, call);
    return call;
  }

  private remember(token: string, info: AuthInfo): AuthInfo {
    const untilMs = Math.min((info.expiresAt ?? 0) * 1000, this.now() + INTROSPECTION_CACHE_MS);
    if (untilMs <= this.now()) return info;
    if (this.active.size >= INTROSPECTION_CACHE_ENTRIES) this.active.delete(this.active.keys().next().value!);
    this.active.set(token, { info, untilMs });
    return info;
  }

  private async turn(busy: () => Error): Promise<() => void> {
    if (this.inFlight >= INTROSPECTION_IN_FLIGHT) {
      if (this.waiting.length >= INTROSPECTION_WAITING) throw busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next)
        next(); // the turn passes on: inFlight stays as it is
      else this.inFlight--;
    };
  }
}
