import type { SingleUseStore } from '@tessera/core';

/**
 * A gate a tool's run waits at, which tells the test when a run has reached it: a resend is then sent while the
 * first run is surely going, without guessing how long that takes.
 */
export class RunGate {
  private entered = 0;
  private readonly waiting: Array<{ runs: number; resolve: () => void }> = [];
  private opened: Promise<void> = Promise.resolve();
  private openNow: () => void = () => undefined;

  /** From now on, a run waits at the gate until `open`. */
  hold(): void {
    this.opened = new Promise((resolve) => (this.openNow = resolve));
  }

  open(): void {
    this.openNow();
  }

  /** Called by the tool: counts the run, then waits while the gate is held. */
  async pass(): Promise<void> {
    this.entered += 1;
    for (const waiter of this.waiting.filter((w) => this.entered >= w.runs)) waiter.resolve();
    await this.opened;
  }

  /** Resolves once `runs` runs have reached the gate. */
  reached(runs: number): Promise<void> {
    if (this.entered >= runs) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ runs, resolve }));
  }
}

/**
 * The store with its `claimLeg` watched: `running` resolves once a claim was answered `running` (a resend found
 * the first run in progress and is waiting for it).
 */
export function watchClaims<S extends SingleUseStore>(store: S): { store: S; running: Promise<void> } {
  let heard!: () => void;
  const running = new Promise<void>((resolve) => (heard = resolve));
  const claimLeg = store.claimLeg!.bind(store);
  store.claimLeg = async (nonce, claim) => {
    const outcome = await claimLeg(nonce, claim);
    if (outcome.status === 'running') heard();
    return outcome;
  };
  return { store, running };
}
