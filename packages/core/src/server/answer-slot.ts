import type { JSONRPCResultResponse } from '@modelcontextprotocol/server';

/**
 * Where a stateless exchange leaves its plain JSON answer for a face that writes the answer itself
 * (listen's node fast path), instead of the SDK wrapping it in a web `Response` that the face would only
 * read back as text: building that `Response` (its headers and body stream) and draining it cost more than
 * the rest of the HTTP layer of a call.
 *
 * A request carries its slot under `ANSWER_SLOT`; the per-exchange server finds it there (see
 * `exchange-server.ts`). What the SDK then returns in place of a `Response` is the slot itself, which only
 * the face that made it recognises: nothing between the two reads the value it passes on.
 */
export const ANSWER_SLOT = Symbol('tessera.answerSlot');

export class AnswerSlot {
  private message?: JSONRPCResultResponse;
  private text?: string;

  /** Keeps the answer; returns what stands in for the web `Response` on its way back to the face. */
  take(message: JSONRPCResultResponse): Response {
    this.message = message;
    return this as unknown as Response;
  }

  /** The same, for an answer already written as JSON text (a direct call's: server/direct/). */
  takeText(text: string): Response {
    this.text = text;
    return this as unknown as Response;
  }

  /** The answer's JSON text when `response` is this slot's stand-in (so the answer was left here), else undefined. */
  textOf(response: Response): string | undefined {
    if ((response as unknown) !== this) return undefined;
    return this.text ?? (this.message !== undefined ? JSON.stringify(this.message) : undefined);
  }
}

/** The slot a request carries, if its face made one. */
export function answerSlotOf(request: unknown): AnswerSlot | undefined {
  if (typeof request !== 'object' || request === null) return undefined;
  const slot = (request as { [ANSWER_SLOT]?: unknown })[ANSWER_SLOT];
  return slot instanceof AnswerSlot ? slot : undefined;
}
