import { isInputRequiredResult, type InputRequiredResult, type Server, type ServerContext } from '@modelcontextprotocol/server';
import { principalFromAuthInfo, type RequestBinding } from '@tessera/request-state';
import type { HandlerPlan } from '../compiler/handler-plan';
import { ExecutionContext, type HandlerMethod } from '../pipeline/execution-context';
import { RequestExecutionContext } from '../pipeline/request-execution-context';
import { runHandler } from '../pipeline/run-handler';
import { mapError } from './error-mapping';
import type { ServerRuntime } from './server-runtime';
import { envelopeOf, readEnvelope, type ResolverInputRequired } from './state-envelope';

export interface CallSite {
  method: HandlerMethod;
  target: string;
  /** What the request binding digests: tool/prompt arguments, or the URI alone for resources. */
  arguments: Record<string, unknown>;
  era: 'modern' | 'legacy';
  server: Server;
}

/**
 * Serves one call of a compiled handler: a child container per call, the incoming `requestState`
 * opened (any failure: the fixed -32602), the pipeline run, an outgoing state sealed, and errors mapped.
 * `finish` turns the handler's plain value into the method's result type.
 */
export async function serveCall<R>(
  rt: ServerRuntime,
  plan: HandlerPlan,
  site: CallSite,
  sdk: ServerContext,
  finish: (value: unknown) => R,
): Promise<R | InputRequiredResult> {
  const container = rt.root.createChildContainer();
  const ctx = new RequestExecutionContext(
    { method: site.method, handler: plan.ref, target: site.target, arguments: site.arguments, era: site.era, sdk, container, logger: rt.logger },
    site.era === 'legacy' ? legacyInfo(site.server) : undefined,
  );
  container.register(ExecutionContext, { useValue: ctx });
  const errorSite = { method: site.method, target: site.target, logger: rt.logger };
  try {
    const binding = bindingFor(rt, ctx, site);
    const raw = sdk.mcpReq.requestState();
    if (raw !== undefined && raw !== null) {
      const envelope = readEnvelope(rt.sealer.open(raw, binding));
      ctx.requestState = envelope.d;
      ctx.resolverState = envelope.r;
    }
    const value = await runHandler(plan, ctx, rt.resolvers, rt.dependencies);
    if (isInputRequiredResult(value)) return seal(rt, value as ResolverInputRequired, binding);
    return finish(value);
  } catch (error) {
    return finish(mapError(error, errorSite));
  } finally {
    await container.dispose();
  }
}

function bindingFor(rt: ServerRuntime, ctx: ExecutionContext, site: CallSite): RequestBinding {
  // A custom bindPrincipal that throws refuses the state like any other verification failure.
  const principal = rt.security.bindPrincipal ? rt.security.bindPrincipal(ctx) : principalFromAuthInfo(ctx.authInfo);
  return { method: site.method, target: site.target, arguments: site.arguments, principal };
}

function seal(rt: ServerRuntime, result: ResolverInputRequired, binding: RequestBinding): InputRequiredResult {
  const envelope = envelopeOf(result);
  const out: InputRequiredResult = { resultType: 'input_required' } as InputRequiredResult;
  if (result.inputRequests !== undefined) out.inputRequests = result.inputRequests;
  if (envelope !== undefined) out.requestState = rt.sealer.seal(envelope, binding);
  return out;
}

function legacyInfo(server: Server) {
  return {
    protocolVersion: () => server.getNegotiatedProtocolVersion(),
    clientCapabilities: () => server.getClientCapabilities(),
    clientInfo: () => server.getClientVersion(),
  };
}
