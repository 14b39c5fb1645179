import type { AuthInfo } from '@modelcontextprotocol/server';
import { toReadResourceResult } from '../../../call-adapter/normalize-results';
import type { HandlerPlan } from '../../../compiler/handler-plan';
import type { AnswerSlot } from '../answer-slot';
import { admitDirectRequest, answersForItself } from './direct-request-gate';
import { runDirectRequest, type DirectServing } from './run-direct-request';

/**
 * The direct path's `resources/read`: a 2026-07-28 read (any leg; see the gate) of a static resource or of
 * a URI one of the app's templates matches, whose handler has no interceptors or filters, is run through the call pipeline
 * without the SDK's per-request server, and answered as the SDK's handler (register-resources.ts) answers
 * it: the same lookup order (the static resource first, then the templates in order), the same `finish`.
 * An unknown URI, a skill's file, or anything the gate refuses returns undefined and goes the SDK's way.
 */
export class DirectResourceReads {
  constructor(private readonly serving: DirectServing) {}

  /** Serves `body` if it is a read this path takes; undefined otherwise. A plain result is left in `slot`. */
  serve(request: Request, body: unknown, slot: AnswerSlot, authInfo?: AuthInfo): Promise<Response> | undefined {
    const admitted = admitDirectRequest(request, body, 'resources/read');
    if (!admitted) return undefined;
    const uri = admitted.params.uri as string;
    const found = this.find(uri);
    if (!found || !answersForItself(found.plan) || !this.serving.rt.visibility.seesAtOnce(found.plan, authInfo))
      return undefined;
    const { plan } = found;
    const finish = (value: unknown) => toReadResourceResult(value, uri, plan);
    return runDirectRequest(
      this.serving,
      { method: 'resources/read', admitted, plan, arguments: found.variables, finish },
      request,
      slot,
      authInfo,
    );
  }

  /** The handler the SDK path's lookup picks for `uri`, with what its request binding digests. */
  private find(uri: string): { plan: HandlerPlan; variables: Record<string, unknown> } | undefined {
    const { compiled } = this.serving.rt;
    const plan = compiled.resources.get(uri);
    if (plan) return { plan, variables: {} };
    for (const { plan: tplan, template } of compiled.templates) {
      const variables = template.match(uri);
      if (!variables) continue;
      return { plan: tplan, variables: variables as Record<string, unknown> };
    }
    return undefined;
  }
}
