import { isInputRequiredResult, type Client } from '@modelcontextprotocol/client';
import { answerRound, onTheWire, type AnswerCounts } from './answer-round';
import { isWrongAnswer } from './answers';
import { FlowAssertionError } from '../errors/flow-assertion.error';
import { describeFlowCall, sendLeg, type FlowCall, type LegSeed } from './flow-call';
import { describeOutcome } from './describe-outcome';
import type { FlowOutcome, FlowRound } from './flow-round';
import { FlowRun } from './flow-run';
import { DEFAULT_FLOW_MAX_ROUNDS, type FlowScript } from './flow-script';
import { questionFrom, type Question } from './question';

/**
 * Runs one call to its end the way a client would: each `input_required` round is answered from the script by
 * question key and retried with the echoed state. Returns the record of every round and the outcome; a JSON-RPC
 * error is an outcome too. Fails (FlowAssertionError) when the script cannot answer a question, when a `wrong`
 * answer is not asked again, or after `maxRounds`.
 */
export async function runFlow(client: Client, call: FlowCall, script: FlowScript = {}): Promise<FlowRun> {
  const where = describeFlowCall(call);
  const maxRounds = script.maxRounds ?? DEFAULT_FLOW_MAX_ROUNDS;
  const rounds: FlowRound[] = [];
  const counts: AnswerCounts = new Map();
  let wrongKeys: string[] = [];
  let seed: LegSeed = { _meta: script._meta };
  for (;;) {
    const leg = await sendLeg(client, call, seed).then(
      (response) => ({ response }),
      (error: unknown) => ({ failed: errorOutcome(error) }),
    );
    if ('failed' in leg || !isInputRequiredResult(leg.response)) {
      const outcome: FlowOutcome = 'failed' in leg ? leg.failed : { kind: 'result', result: leg.response };
      checkReasked(where, rounds.length, wrongKeys, undefined, outcome);
      return new FlowRun(where, rounds, outcome);
    }
    const response = leg.response;
    const number = rounds.length + 1;
    const questions = readQuestions(response.inputRequests ?? {}, number);
    if (number > maxRounds) {
      throw new FlowAssertionError(
        `${where}: the server was still asking after ${maxRounds} rounds (round ${number} asked ${keyList(questions)})`,
      );
    }
    checkReasked(where, rounds.length, wrongKeys, questions, undefined);
    const scripted = await answerRound(where, number, questions, script.answers ?? {}, counts);
    const round: FlowRound = {
      round: number,
      questions,
      answers: onTheWire(scripted),
      requestState: response.requestState,
    };
    rounds.push(round);
    wrongKeys = Object.keys(scripted).filter((key) => isWrongAnswer(scripted[key]));
    await script.beforeRetry?.(round);
    seed = { _meta: script._meta, inputResponses: round.answers, requestState: response.requestState };
  }
}

function readQuestions(inputRequests: Record<string, unknown>, round: number): Record<string, Question> {
  return Object.fromEntries(
    Object.entries(inputRequests).map(([key, request]) => [key, questionFrom(key, request as never, round)]),
  );
}

// A `wrong` answer is a claim about the server: it must refuse it and ask the same key in the very next round.
function checkReasked(
  where: string,
  round: number,
  wrongKeys: string[],
  next: Record<string, Question> | undefined,
  outcome: FlowOutcome | undefined,
): void {
  const missing = wrongKeys.filter((key) => next === undefined || !Object.hasOwn(next, key));
  if (missing.length === 0) return;
  const then =
    next !== undefined
      ? `round ${round + 1} asked ${keyList(next)}`
      : `the flow ended with ${describeOutcome(outcome!)}`;
  throw new FlowAssertionError(
    `${where}, round ${round}: the answer to ${missing.map((k) => `"${k}"`).join(', ')} was scripted as wrong, but it was not asked again: ${then}`,
  );
}

export function keyList(questions: Record<string, Question>): string {
  const keys = Object.keys(questions);
  return keys.length === 0 ? 'nothing (a state-only round)' : `[${keys.join(', ')}]`;
}

/** A JSON-RPC error ends the flow as an outcome to assert on; anything else (a broken transport) is rethrown. */
function errorOutcome(error: unknown): FlowOutcome {
  const e = error as { code?: unknown; message?: unknown; data?: unknown } | null;
  if (typeof e !== 'object' || e === null || typeof e.code !== 'number') throw error;
  // The SDK prefixes its own "MCP error <code>: " to the server's message; keep the server's words.
  const message = String(e.message ?? '').replace(/^MCP error -?\d+: /, '');
  return { kind: 'error', error: { code: e.code, message, ...(e.data !== undefined && { data: e.data }) } };
}
