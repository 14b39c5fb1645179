import { Server, type RequestId, type Transport } from '@modelcontextprotocol/server';
import type { AnswerSlot } from './answer-slot';
import { answerIntoSlot } from './answer-into-slot';
import { routeRequestsFirst } from './route-requests-first';

/**
 * The SDK `Server` Tessera builds per serving unit. On every close the SDK builds a `ConnectionClosed`
 * error, whether or not anything is left to reject with it; capturing that error's stack trace was the
 * costliest single function of a stateless HTTP call (about 5 % of the server's CPU, tooling/benchmarks
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
    const ownHandler = transport.onmessage !== undefined;
    if (this.answerSlot) answerIntoSlot(transport, this.answerSlot, (id) => this.answered(id));
    await super.connect(transport);
    if (!ownHandler) routeRequestsFirst(this, transport);
  }

  /**
   * The request `id` was answered into the slot: its handler is done, so its abort controller goes now,
   * as the SDK drops it once the answer is sent. The exchange closes right after the answer, before the SDK
   * gets to that; the close would otherwise abort a finished request (an abort event per call, about 3 % of
   * an HTTP `tools/call`'s CPU). A request still running is aborted on close as before.
   */
  private answered(id: RequestId): void {
    const controllers = (this as unknown as { _requestHandlerAbortControllers?: unknown })
      ._requestHandlerAbortControllers;
    if (controllers instanceof Map) controllers.delete(id);
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
