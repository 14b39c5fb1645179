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

/** Anything unexpected (another version, a hand-made shape) reads as "no progress yet", never as an error. */
export function readResolverState(raw: unknown): ResolverState {
  const empty: ResolverState = { v: 1, outcomes: {}, asked: {} };
  if (!isJsonObject(raw) || raw.v !== 1 || !isJsonObject(raw.outcomes) || !isJsonObject(raw.asked)) return empty;
  const outcomes: Record<string, RecordedOutcome> = Object.create(null);
  for (const [key, o] of Object.entries(raw.outcomes)) {
    if (
      isJsonObject(o) &&
      typeof o.q === 'string' &&
      ['accept', 'decline', 'cancel', 'result'].includes(o.action as string)
    ) {
      outcomes[key] = { q: o.q, action: o.action as RecordedOutcome['action'], data: o.data };
    }
  }
  const asked: Record<string, string> = Object.create(null);
  for (const [key, q] of Object.entries(raw.asked)) if (typeof q === 'string') asked[key] = q;
  return { v: 1, outcomes, asked };
}
