import type { ElicitRequestFormParams, ElicitRequestURLParams, InputRequest, CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { InvalidInputResponseError } from '../errors/runtime/invalid-input-response.error';
import type { ExecutionContext } from '../pipeline/execution-context';
import type { DependencyPlan } from './dependency-plan';
import { readAnswer } from './read-answer';

/** Asks one question with a 2025-era push request and checks the answer like a 2026 one. */
export async function pushQuestion(ctx: ExecutionContext, dep: DependencyPlan, request: InputRequest): Promise<unknown> {
  const mcpReq = ctx.sdk.mcpReq;
  let response: unknown;
  switch (request.method) {
    case 'elicitation/create':
      response = await mcpReq.elicitInput(request.params as ElicitRequestFormParams | ElicitRequestURLParams);
      break;
    case 'sampling/createMessage':
      response = await mcpReq.requestSampling(request.params as CreateMessageRequestParams);
      break;
    default:
      response = await mcpReq.send({ method: 'roots/list' });
  }
  const answer = readAnswer(dep, response);
  if (!answer.ok) throw new InvalidInputResponseError(`The client's answer to "${dep.key}" does not match the question: ${answer.reason}`);
  return answer.value;
}
