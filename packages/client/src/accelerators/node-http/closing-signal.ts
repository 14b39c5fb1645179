/**
 * A transport's "closed" signal, with as many listeners as legs in flight. An `AbortSignal` would do, but Node
 * warns of a leak past ten listeners on one, and a client has more legs than that in flight at a time.
 */
export class ClosingSignal {
  aborted = false;
  reason: unknown = undefined;
  private readonly listeners = new Set<() => void>();

  addEventListener(_type: 'abort', listener: () => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    this.listeners.delete(listener);
  }

  /** Stops every leg in flight, as an `AbortController`'s `abort()` does (the same `AbortError`). */
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = new DOMException('This operation was aborted', 'AbortError');
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener();
  }
}
