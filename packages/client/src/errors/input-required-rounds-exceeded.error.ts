import type { InputRequiredResult } from '@modelcontextprotocol/client';
import { describeCall, type McpCall } from '../flow/mcp-call';
import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** The question the server asked most often in a call that ran out of rounds, as it was last asked. */
export interface RepeatedQuestion {
  /** Its key in `inputRequests`. */
  key: string;
  /** On how many of the call's legs the server asked it. */
  times: number;
  /** Its last message, for an elicitation (a server may put there why it asks again). */
  message?: string;
}

/** The server still answered `input_required` after `maxRounds` retries. */
export class InputRequiredRoundsExceededError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InputRequiredRoundsExceeded;
  /** The question that kept being asked; undefined when the last answers carried state only ("not done yet"). */
  readonly repeatedQuestion: RepeatedQuestion | undefined;

  constructor(
    readonly call: McpCall,
    readonly rounds: number,
    readonly maxRounds: number,
    /** The last `input_required` answer, so a caller can inspect it or resume by hand. */
    readonly lastResult: InputRequiredResult,
    /** How many legs asked each key, and how many legs there were. */
    history: { asked: ReadonlyMap<string, number>; legs: number } = { asked: new Map(), legs: rounds + 1 },
  ) {
    const repeated = mostAsked(lastResult, history.asked);
    super(
      TesseraClientErrorCode.InputRequiredRoundsExceeded,
      `${describeCall(call)} still required input after ${rounds} rounds (maxRounds = ${maxRounds}). ` +
        (repeated
          ? `The server kept asking "${repeated.key}" (${repeated.times} of ${history.legs} legs)` +
            (repeated.message !== undefined ? `, last as: "${repeated.message.replace(/\s+/g, ' ')}". ` : '. ')
          : 'The server kept answering "not done yet" (state only). ') +
        'Raise maxRounds, or drive the flow yourself with { allowInputRequired: true } (manual mode).',
    );
    this.repeatedQuestion = repeated;
  }
}

function mostAsked(last: InputRequiredResult, asked: ReadonlyMap<string, number>): RepeatedQuestion | undefined {
  let best: RepeatedQuestion | undefined;
  for (const [key, request] of Object.entries(last.inputRequests ?? {})) {
    const times = asked.get(key) ?? 1;
    if (best !== undefined && best.times >= times) continue;
    const message = (request as { params?: { message?: unknown } }).params?.message;
    best = { key, times, ...(typeof message === 'string' && { message }) };
  }
  return best;
}
