import { isJsonObject } from '../types/json-object';

/** A recorded answer: the question digest it answered, and the validated outcome. */
export interface RecordedOutcome {
  q: string;
  /** elicitation: accept | decline | cancel; sampling and roots: result. */
  action: 'accept' | 'decline' | 'cancel' | 'result';
  /** The client's raw content (elicitation) or result (sampling, roots); re-validated on every round. */
  data?: unknown;
}

/**
 * The resolver's progress, carried across rounds inside the sealed `requestState` (because
 * `inputResponses` holds only the latest round): what was answered, and what was asked last round.
 */
export interface ResolverState {
  v: 1;
  outcomes: Record<string, RecordedOutcome>;
  asked: Record<string, string>;
}

const ACTIONS: ReadonlySet<unknown> = new Set<RecordedOutcome['action']>(['accept', 'decline', 'cancel', 'result']);

/**
 * Anything unexpected (another version, a hand-made shape) reads as "no progress yet", never as an error.
 * Read key by key (no entry arrays, no list of actions built per call): this runs on every leg.
 */
export function readResolverState(raw: unknown): ResolverState {
  if (!isJsonObject(raw) || raw.v !== 1 || !isJsonObject(raw.outcomes) || !isJsonObject(raw.asked))
    return emptyResolverState();
  const outcomes: Record<string, RecordedOutcome> = Object.create(null);
  const rawOutcomes = raw.outcomes;
  for (const key of Object.keys(rawOutcomes)) {
    const o = rawOutcomes[key];
    if (isJsonObject(o) && typeof o.q === 'string' && ACTIONS.has(o.action)) {
      outcomes[key] = { q: o.q, action: o.action as RecordedOutcome['action'], data: o.data };
    }
  }
  const asked: Record<string, string> = Object.create(null);
  const rawAsked = raw.asked;
  for (const key of Object.keys(rawAsked)) {
    const q = rawAsked[key];
    if (typeof q === 'string') asked[key] = q;
  }
  return { v: 1, outcomes, asked };
}

/**
 * No progress yet. Keyed by the developer's own question keys, so without a prototype: a key such as
 * `toString` or `__proto__` is a key like any other, never a member of Object.prototype.
 */
export function emptyResolverState(): ResolverState {
  return { v: 1, outcomes: Object.create(null), asked: Object.create(null) };
}
