import {
  isInputRequiredResult,
  type InputRequiredResult,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../compiler/handler-plan';
import type { HandlerMethod } from '../contracts/handler-ref';
import { runPipeline } from '../pipeline/call-pipeline';
import { RequestExecutionContext } from '../pipeline/request-execution-context';
import type { CallRuntime } from './call-runtime';
import { mapError } from './error-mapping';

export interface CallSite {
  method: HandlerMethod;
  target: string;
  /** What the request binding digests: tool/prompt arguments, or the URI alone for resources. */
  arguments: Record<string, unknown>;
  era: 'modern' | 'legacy';
  /** The SDK server of the exchange; only a 2025-era call reads it (a direct call has none). */
  server?: Server;
}

/**
 * The adapter from the SDK's handler context to the call pipeline (`pipeline/call-pipeline.ts`): an
 * `ExecutionContext` per call (its child container opened only if used), the pipeline run, whatever escapes it mapped to the wire
 * answer, the container disposed. `finish` turns the plain value into the method's result type.
 */
export function serveCall<R>(
  rt: CallRuntime,
  plan: HandlerPlan,
  site: CallSite,
  sdk: ServerContext,
  finish: (value: unknown) => R,
): Promise<R | InputRequiredResult> {
  let ctx: RequestExecutionContext;
  let running: Promise<unknown>;
  try {
    ctx = new RequestExecutionContext(
      {
        method: site.method,
        handler: plan.ref,
        target: site.target,
        arguments: site.arguments,
        era: site.era,
        sdk,
        root: rt.root,
        singletons: rt.singletons,
        logger: rt.logger,
      },
      site.era === 'legacy' && site.server ? legacyInfo(site.server) : undefined,
    );
    running = runPipeline({ plan, ctx, tools: rt.pipeline });
  } catch (error) {
    return Promise.reject(error);
  }
  // what escapes the pipeline, or the value's own finishing, is mapped to the wire answer and finished
  const mapped = (error: unknown) =>
    finish(
      mapError(error, {
        method: site.method,
        target: site.target,
        logger: rt.logger,
      }),
    );
  const answer = (value: unknown) => {
    try {
      return isInputRequiredResult(value) ? value : finish(value);
    } catch (error) {
      return mapped(error);
    }
  };
  // one turn for the outcome (no async frame), given once the call is closed
  return running.then(
    (value) => closed(ctx, () => answer(value)),
    (error: unknown) => closed(ctx, () => mapped(error)),
  );
}

/**
 * `answer()`, given once the call's context is closed, as a `finally` would: a failure to close is the
 * outcome then. Most calls build nothing to dispose, and then there is nothing to wait for.
 */
function closed<T>(ctx: RequestExecutionContext, answer: () => T): T | Promise<T> {
  let value: T;
  try {
    value = answer();
  } catch (error) {
    const closing = ctx.close();
    if (closing === undefined) throw error;
    return closing.then(() => Promise.reject(error));
  }
  const closing = ctx.close();
  return closing === undefined ? value : closing.then(() => value);
}

function legacyInfo(server: Server) {
  return {
    protocolVersion: () => server.getNegotiatedProtocolVersion(),
    clientCapabilities: () => server.getClientCapabilities(),
    clientInfo: () => server.getClientVersion(),
  };
}
