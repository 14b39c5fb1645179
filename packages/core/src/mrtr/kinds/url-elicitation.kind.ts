import type { ElicitRequestURLParams } from '@modelcontextprotocol/server';
import { compute } from '../compute';
import type { ElicitUrlSpec } from '../dependency-spec';
import type { QuestionKind } from '../question-kind';
import { unchanging } from '../unchanging';
import { declaredElicitation, readDeclineOrCancel } from './elicitation-action';

/** `@Elicit.url`: the user completes a step at a URL, out of band; the parameter gets the outcome only. */
export const urlElicitation: QuestionKind<ElicitUrlSpec> = {
  kind: 'url-elicitation',
  elicitation: true,
  compile(plan) {
    plan.inject = 'outcome';
  },
  fixed: (_plan, spec) => unchanging(spec.message) && unchanging(spec.url),
  // 2026-07-28 URL elicitations carry no elicitationId (the retry and its state correlate them).
  render: (_plan, spec, input) => ({
    method: 'elicitation/create',
    params: {
      mode: 'url',
      message: compute(spec.message, input, 'message'),
      url: compute(spec.url, input, 'url'),
    } as never,
  }),
  read: (_plan, response) =>
    readDeclineOrCancel(response) ?? { ok: true, action: 'accept', value: { action: 'accept' } },
  missingCapability: (_request, caps) => (declaredElicitation(caps)?.url ? undefined : { elicitation: { url: {} } }),
  push(mcpReq, request, plan, spec, input) {
    // 2025-era URL elicitations need an elicitationId: the option, or the dependency's key.
    const elicitationId =
      spec.elicitationId === undefined ? plan.key : compute(spec.elicitationId, input, 'elicitationId');
    return mcpReq.send({
      method: 'elicitation/create',
      params: { ...(request.params as ElicitRequestURLParams), elicitationId },
    });
  },
};
