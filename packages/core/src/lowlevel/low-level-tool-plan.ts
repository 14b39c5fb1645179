import { saysIdempotent } from '@tessera/common';
import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../compiler/handler-plan';
import type { ExecutionContext } from '../contracts/execution-context';
import { emptyEnhancers } from '../metadata/definitions/enhancer.metadata';
import type { LowLevelCallContext, LowLevelCallResult, LowLevelToolHandler } from './low-level-server-options';

/**
 * The provider every low-level tool's plan invokes: the author's `callTool`, handed what it may know of the
 * call. Its `requestState` is what the request-state stage left: the opened plaintext with sealing on, the
 * wire string otherwise.
 */
export class LowLevelHandler {
  constructor(private readonly callTool: LowLevelToolHandler) {}

  call(ctx: ExecutionContext): Promise<LowLevelCallResult> {
    const context: LowLevelCallContext = {
      name: ctx.target,
      arguments: ctx.arguments,
      inputResponses: ctx.inputResponses,
      requestState: typeof ctx.requestState === 'string' ? ctx.requestState : undefined,
      era: ctx.era,
      authInfo: ctx.authInfo,
      signal: ctx.signal,
      sdk: ctx.sdk,
    };
    return Promise.resolve(this.callTool(ctx.target, ctx.arguments, context));
  }
}

/**
 * A low-level tool as the call pipeline runs it: no enhancers, no arguments DTO, one parameter (the call's
 * context), allowed to answer `InputRequiredResult` itself. So every stage that does not apply is idle,
 * and telemetry and the request-state stage work as for a decorated tool.
 */
export function lowLevelToolPlan(server: string, name: string, annotations?: ToolAnnotations): HandlerPlan {
  return {
    ref: { kind: 'tool', name, providerClass: LowLevelHandler, methodName: 'call' },
    meta: { kind: 'tool', methodName: 'call', name, ...(annotations !== undefined && { annotations }) },
    where: `callTool("${name}") of server "${server}"`,
    params: [{ meta: { kind: 'ctx', index: 0 }, type: undefined }],
    arity: 1,
    enhancers: emptyEnhancers(),
    dependencies: [],
    directForm: true,
    scopes: [],
    // its listed hints decide, as a decorated tool's do, whether a plain call of it is recorded
    recordsFirstLeg: !saysIdempotent(annotations),
  };
}
