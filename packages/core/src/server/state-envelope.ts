import type { InputRequiredResult } from '@modelcontextprotocol/server';

/**
 * The plaintext inside every sealed `requestState`: either a direct-form handler's own state (`d`)
 * or the dependency resolver's progress (`r`). Both forms never mix in one handler.
 */
export interface StateEnvelope {
  d?: unknown;
  r?: unknown;
}

/** Where the dependency resolver leaves its progress on the result it builds (never serialised). */
export const RESOLVER_STATE = Symbol('tessera.resolverState');

export type ResolverInputRequired = InputRequiredResult & { [RESOLVER_STATE]?: unknown };

/** The plaintext to seal for an outgoing `InputRequiredResult`, or `undefined` when it carries no state. */
export function envelopeOf(result: ResolverInputRequired): StateEnvelope | undefined {
  if (RESOLVER_STATE in result) return { r: result[RESOLVER_STATE] };
  if (result.requestState !== undefined) return { d: result.requestState };
  return undefined;
}

export function readEnvelope(plaintext: unknown): StateEnvelope {
  return typeof plaintext === 'object' && plaintext !== null && !Array.isArray(plaintext) ? (plaintext as StateEnvelope) : {};
}
