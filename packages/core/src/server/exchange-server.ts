import { Server } from '@modelcontextprotocol/server';

/**
 * The SDK `Server` Tessera builds per serving unit. On every close the SDK builds a `ConnectionClosed`
 * error, whether or not anything is left to reject with it; capturing that error's stack trace was the
 * costliest single function of a stateless HTTP call (about 5 % of the server's CPU, apps/benchmarks
 * profile-http.js). The close is the same; the error just carries no trace (its message and code say it all).
 */
export class ExchangeServer extends Server {
  protected override _onclose(): void {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super._onclose();
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}
