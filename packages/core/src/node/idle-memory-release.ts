import type { V8GcResult } from './v8-gc';

/**
 * `listen`'s `idleGcMs` asks for a GC the host must allow: Tessera never sets V8's flags, so the process has to be
 * started with `--expose-gc`. Refused at `listen`, naming the fix, rather than silently doing nothing.
 */
export function requireExposedGc(where: string): void {
  if (typeof (globalThis as { gc?: unknown }).gc === 'function') return;
  throw new Error(
    `${where} needs V8's gc, which this process does not have: start Node with --expose-gc ` +
      '(node --expose-gc server.js, or NODE_OPTIONS=--expose-gc), or leave idleGcMs out',
  );
}

/**
 * V8 shrinks its young generation at a GC only when the allocation rate it measured over the last 5 s is
 * low; the burst's last bytes, counted at the first idle GC, can keep it above that. A second GC this long
 * after the first sees nearly nothing allocated, so it gives the memory back.
 */
const SECOND_TRY_MS = 6000;

/** At or under this, the young generation is back at its resting size (V8's smallest semi-spaces, 1 MB). */
const YOUNG_AT_REST_BYTES = 2 * 1024 * 1024;

/** What the idle GC reports each time it ran. */
export type IdleGcReport = (result: V8GcResult) => void;

/**
 * Gives a burst's memory back once the server is idle. Under load V8 grows its young generation (to 16 MB
 * semi-spaces, every page touched); an idle server allocates nothing, so no GC runs and the process keeps
 * those pages. Once requests were served and then none has been in flight for `delayMs`, this runs one
 * young-generation GC (a second one SECOND_TRY_MS later if V8 kept the memory the first time), then nothing until requests come again: never during traffic, never in a loop
 * on an idle server. Its timer never keeps the process alive. Per request it counts requests in flight and
 * reads the clock when the count falls to zero.
 */
export class IdleMemoryRelease {
  private inFlight = 0;
  /** Requests were served since the last release. */
  private served = false;
  private secondTry = false;
  private dueAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly delayMs: number,
    /** One young-generation GC; undefined where none can be had (then the release stops). */
    private readonly collect: () => V8GcResult | undefined,
    private readonly report: IdleGcReport = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  started(): void {
    this.inFlight += 1;
    this.served = true;
    this.secondTry = false;
  }

  ended(): void {
    this.inFlight -= 1;
    if (this.inFlight > 0 || this.closed) return;
    this.dueAt = this.now() + this.delayMs;
    // one timer at a time: a timer due earlier finds dueAt moved and waits the rest
    if (!this.timer) this.arm(this.delayMs);
  }

  /** The server stopped: no release from now on. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.fire(), ms);
    this.timer.unref?.();
  }

  private fire(): void {
    this.timer = undefined;
    if (this.closed || this.inFlight > 0 || !this.served) return; // the next end of a request arms it again
    const left = this.dueAt - this.now();
    if (left > 0) return this.arm(left);
    const result = this.collect();
    if (!result) return this.close();
    this.report(result);
    if (result.youngAfter > YOUNG_AT_REST_BYTES && !this.secondTry) {
      this.secondTry = true;
      this.dueAt = this.now() + SECOND_TRY_MS;
      return this.arm(SECOND_TRY_MS);
    }
    this.served = false;
  }
}
