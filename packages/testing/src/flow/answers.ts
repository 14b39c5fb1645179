import type {
  CreateMessageResult,
  ElicitResult,
  InputResponse,
  ListRootsResult,
  Root,
} from '@modelcontextprotocol/client';
import type { Question } from './question';

const WRONG = Symbol('tessera.wrongAnswer');

/** An accepted elicitation that the script expects the server to refuse and ask again. */
export type WrongAnswer = ElicitResult & { readonly [WRONG]: true };

/** What a script gives for one question: an answer, or a function of the question and round. */
export type ScriptedAnswer =
  | InputResponse
  | WrongAnswer
  | ((question: Question, context: { round: number }) => InputResponse | Promise<InputResponse>);

/** Builders for the answers a flow script gives, by question key. */
export const answer = {
  /** The user accepts with this content. */
  accept: (content: Record<string, unknown>): ElicitResult => ({ action: 'accept', content }) as ElicitResult,
  /** The user declines. */
  decline: (): ElicitResult => ({ action: 'decline' }),
  /** The user dismisses the question. */
  cancel: (): ElicitResult => ({ action: 'cancel' }),
  /** An accepted answer the server must refuse: the run fails unless the next round asks the same key again. */
  wrong: (content: Record<string, unknown>): WrongAnswer =>
    ({ action: 'accept', content, [WRONG]: true }) as WrongAnswer,
  /** A sampled LLM answer with this text. */
  sample: (text: string, model = 'test-model'): CreateMessageResult => ({
    role: 'assistant',
    model,
    content: { type: 'text', text },
  }),
  /** The client's roots, as URIs or full `Root` objects. */
  roots: (roots: Array<string | Root>): ListRootsResult => ({
    roots: roots.map((r) => (typeof r === 'string' ? { uri: r } : r)),
  }),
};

export function isWrongAnswer(value: unknown): value is WrongAnswer {
  return typeof value === 'object' && value !== null && WRONG in value;
}

/** The answer as sent on the wire (the wrong-answer marker is the script's, not the protocol's). */
export function wireAnswer(value: InputResponse | WrongAnswer): InputResponse {
  if (!isWrongAnswer(value)) return value;
  const { [WRONG]: _marker, ...plain } = value;
  return plain as InputResponse;
}
