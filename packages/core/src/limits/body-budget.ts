/**
 * The bytes of request bodies held in memory at once, over every request an endpoint is reading or serving:
 * past `maxBytes`, a body is refused (503 with `Retry-After`) instead of buffered, so many slow or held
 * bodies cannot take the process's memory between them.
 */
export class BodyBudget {
  private held = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes held now (for tests and metrics). */
  get inFlight(): number {
    return this.held;
  }

  /** A hold for one body: it takes bytes as they arrive and gives them all back once, on `release`. */
  open(): BodyHold {
    let mine = 0;
    let released = false;
    return {
      take: (bytes) => {
        if (released || this.held + bytes > this.maxBytes) return false;
        this.held += bytes;
        mine += bytes;
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.held -= mine;
        mine = 0;
      },
    };
  }
}

export interface BodyHold {
  /** Takes `bytes` more from the budget; false (nothing taken) when they would cross it. */
  take(bytes: number): boolean;
  /** Gives back everything this hold took; later calls do nothing. */
  release(): void;
}

/** What a body refused for the budget answers, on every face: 503, retry in a second, the connection not reused. */
export function bodiesBusy(): Response {
  return Response.json(
    {
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Service Unavailable: too many request bytes in flight, retry later' },
      id: null,
    },
    { status: 503, headers: { 'retry-after': '1', connection: 'close' } },
  );
}
