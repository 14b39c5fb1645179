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
import { mapError } from './error-mapping';
import type { CallRuntime } from './call-runtime';

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
export async function serveCall<R>(
  rt: CallRuntime,
  plan: HandlerPlan,
  site: CallSite,
  sdk: ServerContext,
  finish: (value: unknown) => R,
): Promise<R | InputRequiredResult> {
  const ctx = new RequestExecutionContext(
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
  try {
    const value = await runPipeline({ plan, ctx, tools: rt.pipeline });
    return isInputRequiredResult(value) ? value : finish(value);
  } catch (error) {
    return finish(mapError(error, { method: site.method, target: site.target, logger: rt.logger }));
  } finally {
    // most calls build nothing to dispose, and then there is nothing to wait for
    const closing = ctx.close();
    if (closing !== undefined) await closing;
  }
}

function legacyInfo(server: Server) {
  return {
    protocolVersion: () => server.getNegotiatedProtocolVersion(),
    clientCapabilities: () => server.getClientCapabilities(),
    clientInfo: () => server.getClientVersion(),
  };
}
