import type { InputRequest } from '@modelcontextprotocol/server';
import { argumentsDigest } from '@tessera/request-state';
import type { Computed, QuestionInput } from './dependency-spec';
import type { DependencyPlan } from './dependency-plan';

/** A question as it goes on the wire this round, and the digest that pins an answer to it. */
export interface RenderedQuestion {
  request: InputRequest;
  digest: string;
}

/**
 * Renders a dependency's input request from the arguments and earlier answers. The digest covers the
 * whole rendered request (message, schema, mode, URL; full params for sampling), so a question that is
 * reworded and redeployed is asked again instead of reusing an answer given to the old wording.
 */
export function renderQuestion(dep: DependencyPlan, input: QuestionInput): RenderedQuestion {
  const spec = dep.spec;
  let request: InputRequest;
  switch (spec.type) {
    case 'elicit':
      request =
        spec.mode === 'form'
          ? { method: 'elicitation/create', params: { mode: 'form', message: compute(spec.message, input), requestedSchema: dep.requestedSchema! } }
          : // 2026-07-28 URL elicitations carry no elicitationId (the retry and its state correlate them).
            { method: 'elicitation/create', params: { mode: 'url', message: compute(spec.message, input), url: compute(spec.url, input) } as never };
      break;
    case 'sample':
      request = { method: 'sampling/createMessage', params: compute(spec.request, input) };
      break;
    case 'list-roots':
      request = { method: 'roots/list' };
      break;
  }
  return { request, digest: argumentsDigest(request as unknown as Record<string, unknown>) };
}

function compute<T>(value: Computed<T>, input: QuestionInput): T {
  return typeof value === 'function' ? (value as (i: QuestionInput) => T)(input) : value;
}
