import type { InputResponse } from '@modelcontextprotocol/client';
import type { Question } from './question';

/** One round of a flow: the questions the server returned, and the answers the script gave to them. */
export interface FlowRound {
  /** 1 for the questions of the first response. */
  round: number;
  questions: Record<string, Question>;
  answers: Record<string, InputResponse>;
  /** The sealed state the server returned, echoed on the retry. */
  requestState?: string;
}

/** How a flow ended: a complete result, or a JSON-RPC error. */
export type FlowOutcome =
  | { kind: 'result'; result: Record<string, unknown> }
  | { kind: 'error'; error: { code: number; message: string; data?: unknown } };
