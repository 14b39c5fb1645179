/**
 * How many of something each caller holds open (listen streams), for a per-caller cap: a caller holding none
 * has no entry, so the map only grows with callers that hold something now.
 */
export class OpenPerCaller {
  private readonly counts = new Map<string, number>();

  /** How many `caller` holds open. */
  of(caller: string): number {
    return this.counts.get(caller) ?? 0;
  }

  opened(caller: string): void {
    this.counts.set(caller, this.of(caller) + 1);
  }

  closed(caller: string): void {
    const left = this.of(caller) - 1;
    if (left > 0) this.counts.set(caller, left);
    else this.counts.delete(caller);
  }
}
