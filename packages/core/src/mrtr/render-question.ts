import type { InputRequest } from '@modelcontextprotocol/server';
import { argumentsDigest } from '@tessera/request-state/framework';
import { QuestionFunctionError } from '../errors/runtime/question-function.error';
import { ComputeFailure } from './compute';
import type { QuestionInput } from './dependency-spec';
import type { DependencyPlan } from './dependency-plan';
import { questionKindOf } from './question-kinds';

/** A question as it goes on the wire this round, and the digest that pins an answer to it. */
export interface RenderedQuestion {
  request: InputRequest;
  digest: string;
}

/**
 * Renders a dependency's input request from the arguments and earlier answers. The digest covers the
 * whole rendered request (message, schema, mode, URL; full params for sampling), so a question that is
 * reworded and redeployed is asked again instead of reusing an answer given to the old wording. A question whose
 * parts are all fixed at definition time is digested once (the SHA-256 is most of what rendering costs).
 */
export function renderQuestion(dep: DependencyPlan, input: QuestionInput): RenderedQuestion {
  let request: InputRequest;
  try {
    request = questionKindOf(dep.spec).render(dep, dep.spec, input);
  } catch (error) {
    if (error instanceof ComputeFailure) throw new QuestionFunctionError(dep.key, error.part, dep.after, error.cause);
    throw error;
  }
  return { request, digest: dep.digest ?? digestOf(dep, request) };
}

/** The rendered request's digest; a fixed question's is kept on its plan (each leg of a flow needs it). */
function digestOf(dep: DependencyPlan, request: InputRequest): string {
  const digest = argumentsDigest(request as unknown as Record<string, unknown>);
  if (dep.digest === undefined) dep.digest = questionKindOf(dep.spec).fixed(dep, dep.spec) ? digest : null;
  return digest;
}
