import { Server, type Transport } from '@modelcontextprotocol/server';
import type { AnswerSlot } from './answer-slot';
import { answerIntoSlot } from './answer-into-slot';

/**
 * The SDK `Server` Tessera builds per serving unit. On every close the SDK builds a `ConnectionClosed`
 * error, whether or not anything is left to reject with it; capturing that error's stack trace was the
 * costliest single function of a stateless HTTP call (about 5 % of the server's CPU, apps/benchmarks
 * profile-http.js). The close is the same; the error just carries no trace (its message and code say it all).
 */
export class ExchangeServer extends Server {
  private answerSlot?: AnswerSlot;

  /** The face serving this exchange writes the answer itself: leave a plain JSON answer in `slot` (answer-slot.ts). */
  answerInto(slot: AnswerSlot): this {
    this.answerSlot = slot;
    return this;
  }

  override async connect(transport: Transport): Promise<void> {
    if (this.answerSlot) answerIntoSlot(transport, this.answerSlot);
    await super.connect(transport);
  }

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
