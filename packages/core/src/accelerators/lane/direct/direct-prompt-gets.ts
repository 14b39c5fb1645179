import type { AuthInfo } from '@modelcontextprotocol/server';
import { toGetPromptResult } from '../../../call-adapter/normalize-results';
import type { AnswerSlot } from '../answer-slot';
import { admitDirectRequest, answersForItself } from './direct-request-gate';
import { runDirectRequest, type DirectServing } from './run-direct-request';

/**
 * The direct path's `prompts/get`: a 2026-07-28 get (any leg; see the gate) of a known prompt without
 * interceptors or filters is run through the call pipeline without the SDK's per-request server, and
 * answered as the SDK's handler (register-prompts.ts) answers it (run-direct-request.ts). An unknown prompt, or anything the gate refuses, returns
 * undefined and goes the SDK's way unchanged.
 */
export class DirectPromptGets {
  constructor(private readonly serving: DirectServing) {}

  /** Serves `body` if it is a get this path takes; undefined otherwise. A plain result is left in `slot`. */
  serve(request: Request, body: unknown, slot: AnswerSlot, authInfo?: AuthInfo): Promise<Response> | undefined {
    const admitted = admitDirectRequest(request, body, 'prompts/get');
    if (!admitted) return undefined;
    const plan = this.serving.rt.compiled.prompts.get(admitted.name);
    if (!plan || !answersForItself(plan) || !this.serving.rt.visibility.seesAtOnce(plan, authInfo)) return undefined;
    const args = (admitted.params.arguments ?? {}) as Record<string, unknown>;
    const finish = (value: unknown) => toGetPromptResult(value, plan);
    return runDirectRequest(
      this.serving,
      { method: 'prompts/get', admitted, plan, arguments: args, finish },
      request,
      slot,
      authInfo,
    );
  }
}
