import type { JSONRPCResultResponse } from '@modelcontextprotocol/server';

/**
 * Where a stateless exchange on the lane leaves its plain JSON answer, instead of the SDK wrapping it in a
 * web `Response` that the Node face would only read back as text: building that `Response` (its headers
 * and body stream) and draining it cost more than the rest of the HTTP layer of a call.
 *
 * The lane gives each request it serves a slot (`giveAnswerSlot`); the per-exchange server built for that
 * request finds it there (lane-exchange.ts). What the SDK then returns in place of a `Response` is the slot
 * itself, which only the lane recognises: nothing between the two reads the value it passes on.
 */
export class AnswerSlot {
  private message?: JSONRPCResultResponse;
  private text?: string;

  /** Keeps the answer; returns what stands in for the web `Response` on its way back to the lane. */
  take(message: JSONRPCResultResponse): Response {
    this.message = message;
    return this as unknown as Response;
  }

  /** The same, for an answer already written as JSON text (a direct call's: direct/). */
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

/**
 * Where a request carries its slot: a property of its own under a key only this module has (a `WeakMap`
 * keyed by the request cost a hash-table insertion and ephemeron work for the GC on every call).
 */
const SLOT = Symbol('tessera.answerSlot');

type SlotHolder = { [SLOT]?: AnswerSlot };

/** A new slot for `request`'s answer. */
export function giveAnswerSlot(request: object): AnswerSlot {
  const slot = new AnswerSlot();
  (request as SlotHolder)[SLOT] = slot;
  return slot;
}

/** The slot the lane gave `request` itself (not an object it is the prototype of), if any. */
export function answerSlotOf(request: unknown): AnswerSlot | undefined {
  return typeof request === 'object' && request !== null && Object.hasOwn(request, SLOT)
    ? (request as SlotHolder)[SLOT]
    : undefined;
}
