import type { InputRequest } from '@modelcontextprotocol/server';
import { InvalidInputResponseError } from '../errors/runtime/invalid-input-response.error';
import type { ExecutionContext } from '../contracts/execution-context';
import type { DependencyPlan } from './dependency-plan';
import type { QuestionInput } from './dependency-spec';
import { questionKindOf } from './question-kinds';
import { readAnswer } from './read-answer';
import { withRefusalReason } from './refusal-reason';

/** How many times a 2025-era client is asked one question before a wrong answer ends the call. */
export const PUSH_ATTEMPTS = 3;

/**
 * Asks one question with a 2025-era push request and checks the answer like a 2026 one: an answer that
 * does not fit the question is asked again (as a 2026 round would, saying why), up to `PUSH_ATTEMPTS` times.
 */
export async function pushQuestion(
  ctx: ExecutionContext,
  dep: DependencyPlan,
  request: InputRequest,
  input: QuestionInput,
): Promise<unknown> {
  const kind = questionKindOf(dep.spec);
  let reason = '';
  for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
    const asked = attempt === 1 || !kind.elicitation ? request : withRefusalReason(request, reason);
    const answer = readAnswer(dep, await kind.push(ctx.sdk.mcpReq, asked, dep, dep.spec, input));
    if (answer.ok) return answer.value;
    reason = answer.reason;
    ctx.logger.info('answer did not match its question; asking again', {
      target: ctx.target,
      question: dep.key,
      reason,
      attempt,
    });
  }
  throw new InvalidInputResponseError(
    `The client's answer to "${dep.key}" does not match the question (asked ${PUSH_ATTEMPTS} times): ${reason}`,
  );
}
