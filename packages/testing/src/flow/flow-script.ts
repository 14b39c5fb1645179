import type { ScriptedAnswer } from './answers';
import type { FlowRound } from './flow-round';

export const DEFAULT_FLOW_MAX_ROUNDS = 10;

/** How the scripted user answers a flow, and what runs between rounds. */
export interface FlowScript {
  /**
   * Answers by question key: one answer (given each time the key is asked), a list (one per time the key is
   * asked, in order; asking more often fails the run), or a function of the question. A question whose key is
   * not here fails the run.
   */
  answers?: Record<string, ScriptedAnswer | ScriptedAnswer[]>;
  /** Runs once a round is answered, before its retry is sent: advance a fake clock here. */
  beforeRetry?: (round: FlowRound) => void | Promise<void>;
  /** The run fails when the server is still asking after this many rounds; default 10. */
  maxRounds?: number;
  /** `_meta` sent on every leg (a `traceparent`, a progress token, ...). */
  _meta?: Record<string, unknown>;
}
