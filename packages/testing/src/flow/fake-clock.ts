/**
 * A clock that only moves when told to, for testing `requestState` expiry: give `clock.now` to the app's
 * `RequestStateSecurity` (or let `createFlowTester` do it) and `advance` past the TTL between two rounds.
 */
export class FakeClock {
  private current: number;

  /** Starts at `start` milliseconds since the epoch (default: the real time when created). */
  constructor(start: number = Date.now()) {
    this.current = checkedTime(start, 'start');
  }

  /** Milliseconds since the epoch; an arrow property, so `clock.now` can be passed on as is. */
  readonly now = (): number => this.current;

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError(`FakeClock.advance: ms must be a finite, non-negative number, got ${ms}`);
    this.current += ms;
  }

  /** Moves the clock forward by `seconds` (a TTL is given in seconds). */
  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }

  /** Sets the clock to `ms` milliseconds since the epoch. */
  set(ms: number): void {
    this.current = checkedTime(ms, 'set');
  }
}

function checkedTime(ms: number, where: string): number {
  if (!Number.isFinite(ms))
    throw new RangeError(`FakeClock.${where}: expected milliseconds since the epoch, got ${ms}`);
  return ms;
}
