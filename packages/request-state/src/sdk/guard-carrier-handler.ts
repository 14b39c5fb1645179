import type { StateCarryingMethod } from '@tessera/common';
import type { CarrierHandler } from './wrap-carrier-handlers';
import { wireTargetsOf } from './wire-target';

/** What the guard keeps per request served through install(). */
export interface CarrierGate {
  /** Before the handler runs: a state must belong to the target the request names. Throws the rejection. */
  admit(ctx: object, method: StateCarryingMethod, targets: readonly string[]): void;
  /** After it ran: what read() threw for this request, if it refused. */
  refusalOf(ctx: object): { thrown: unknown } | undefined;
}

/**
 * Wraps the handler the SDK calls for one carrier method (for McpServer: its own dispatcher, which looks
 * up the tool and calls the callback with the same ctx object). Two things the callback cannot do itself:
 * - refuse the state of another tool, prompt or resource before any user code runs, so a handler that
 *   never calls read() cannot act on it;
 * - make a read() refusal the answer: McpServer turns whatever a tool callback throws into an `isError`
 *   result, and a handler may catch the refusal; here it becomes the JSON-RPC error either way.
 */
export function guardCarrierHandler(
  method: StateCarryingMethod,
  inner: CarrierHandler,
  gate: CarrierGate,
): CarrierHandler {
  return async (request, ctx) => {
    gate.admit(ctx, method, wireTargetsOf(method, request.params));
    let result: unknown;
    try {
      result = await inner(request, ctx);
    } catch (error) {
      const refusal = gate.refusalOf(ctx);
      throw refusal === undefined ? error : refusal.thrown;
    }
    const refusal = gate.refusalOf(ctx);
    if (refusal !== undefined) throw refusal.thrown;
    return result;
  };
}
