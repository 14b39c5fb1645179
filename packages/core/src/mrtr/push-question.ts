import type { ElicitRequestFormParams, ElicitRequestURLParams, InputRequest, CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { InvalidInputResponseError } from '../errors/runtime/invalid-input-response.error';
import type { ExecutionContext } from '../contracts/execution-context';
import type { DependencyPlan } from './dependency-plan';
import type { QuestionInput } from './dependency-spec';
import { readAnswer } from './read-answer';
import { withRefusalReason } from './refusal-reason';

/** How many times a 2025-era client is asked one question before a wrong answer ends the call. */
export const PUSH_ATTEMPTS = 3;

/**
 * Asks one question with a 2025-era push request and checks the answer like a 2026 one: an answer that
 * does not fit the question is asked again (as a 2026 round would, saying why), up to `PUSH_ATTEMPTS` times.
 */
export async function pushQuestion(ctx: ExecutionContext, dep: DependencyPlan, request: InputRequest, input: QuestionInput): Promise<unknown> {
  let reason = '';
  for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
    const asked = attempt === 1 ? request : withRefusalReason(request, reason);
    const answer = readAnswer(dep, await push(ctx, withLegacyFields(dep, asked, input)));
    if (answer.ok) return answer.value;
    reason = answer.reason;
    ctx.logger.info('answer did not match its question; asking again', { target: ctx.target, question: dep.key, reason, attempt });
  }
  throw new InvalidInputResponseError(`The client's answer to "${dep.key}" does not match the question (asked ${PUSH_ATTEMPTS} times): ${reason}`);
}

/** 2025-era URL elicitations need an `elicitationId`: the option, or the dependency's key. */
function withLegacyFields(dep: DependencyPlan, request: InputRequest, input: QuestionInput): InputRequest {
  const spec = dep.spec;
  if (spec.type !== 'elicit' || spec.mode !== 'url') return request;
  const id = typeof spec.elicitationId === 'function' ? spec.elicitationId(input) : spec.elicitationId;
  return { ...request, params: { ...(request.params as object), elicitationId: id ?? dep.key } } as InputRequest;
}

// Elicitation goes out as a plain request, not through the SDK's `elicitInput`: that one refuses an
// answer outside the schema with a protocol error, where Tessera asks again like on 2026-07-28.
function push(ctx: ExecutionContext, request: InputRequest): Promise<unknown> {
  const mcpReq = ctx.sdk.mcpReq;
  switch (request.method) {
    case 'elicitation/create':
      return mcpReq.send({ method: 'elicitation/create', params: request.params as ElicitRequestFormParams | ElicitRequestURLParams });
    case 'sampling/createMessage':
      return mcpReq.requestSampling(request.params as CreateMessageRequestParams);
    default:
      return mcpReq.send({ method: 'roots/list' });
  }
}
