import type { InputResponse } from '@modelcontextprotocol/client';
import { wireAnswer, type ScriptedAnswer, type WrongAnswer } from './answers';
import { FlowAssertionError } from '../errors/flow-assertion.error';
import { describeQuestion, type Question } from './question';

/** Per key, how many times the script has answered it so far (lists are consumed in order). */
export type AnswerCounts = Map<string, number>;

/** The script's answers to one round's questions; fails naming the round and question it cannot answer. */
export async function answerRound(
  where: string,
  round: number,
  questions: Record<string, Question>,
  script: Record<string, ScriptedAnswer | ScriptedAnswer[]>,
  counts: AnswerCounts,
): Promise<Record<string, InputResponse | WrongAnswer>> {
  const answers: Record<string, InputResponse | WrongAnswer> = {};
  for (const question of Object.values(questions)) {
    const scripted = Object.hasOwn(script, question.key) ? script[question.key] : undefined;
    if (scripted === undefined) {
      const known = Object.keys(script);
      throw new FlowAssertionError(
        `${where}, round ${round}: the server asked ${describeQuestion(question)}, which the script does not answer ` +
          `(it answers ${known.length === 0 ? 'nothing' : known.map((k) => `"${k}"`).join(', ')})`,
      );
    }
    const times = counts.get(question.key) ?? 0;
    counts.set(question.key, times + 1);
    const pick = Array.isArray(scripted) ? scripted[times] : scripted;
    if (pick === undefined) {
      throw new FlowAssertionError(
        `${where}, round ${round}: the server asked ${describeQuestion(question)} for the ${ordinal(times + 1)} time, ` +
          `but the script has only ${(scripted as unknown[]).length} answer(s) for it`,
      );
    }
    answers[question.key] = typeof pick === 'function' ? await pick(question, { round }) : pick;
  }
  return answers;
}

/** The answers without the script's markers, as sent on the wire. */
export function onTheWire(answers: Record<string, InputResponse | WrongAnswer>): Record<string, InputResponse> {
  return Object.fromEntries(Object.entries(answers).map(([key, value]) => [key, wireAnswer(value)]));
}

function ordinal(n: number): string {
  const suffix =
    n % 10 === 1 && n % 100 !== 11
      ? 'st'
      : n % 10 === 2 && n % 100 !== 12
        ? 'nd'
        : n % 10 === 3 && n % 100 !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
}
