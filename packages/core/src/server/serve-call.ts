import { randomBytes } from 'node:crypto';
import { isInputRequiredResult, ProtocolError, type InputRequiredResult, type Server, type ServerContext } from '@modelcontextprotocol/server';
import { InvalidRequestStateError, principalFromAuthInfo, type RequestBinding } from '@tessera/request-state';
import type { HandlerPlan } from '../compiler/handler-plan';
import { ExecutionContext, type HandlerMethod } from '../pipeline/execution-context';
import { RequestExecutionContext } from '../pipeline/request-execution-context';
import { runHandler } from '../pipeline/run-handler';
import { mapError } from './error-mapping';
import { JsonRpcCode } from './json-rpc-codes';
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
    const raw = sdk.mcpReq.requestState();
    const incoming = raw !== undefined && raw !== null;
    const binding = bindingFor(rt, ctx, site, incoming);
    if (incoming) {
      const envelope = readEnvelope(rt.sealer.open(raw, binding));
      ctx.requestState = envelope.d;
      ctx.resolverState = envelope.r;
    }
    const value = await runHandler(plan, ctx, rt.resolvers, rt.dependencies);
    if (isInputRequiredResult(value)) return seal(rt, value as ResolverInputRequired, binding, site);
    return finish(value);
  } catch (error) {
    return finish(mapError(error, errorSite));
  } finally {
    await container.dispose();
  }
}

/**
 * The principal comes from `bindPrincipal` when the policy has one, else from the verified auth. When a
 * custom `bindPrincipal` throws, an incoming state is refused like any other verification failure; with
 * no incoming state the call goes on, and sealing a new state fails as an internal error.
 */
function bindingFor(rt: ServerRuntime, ctx: ExecutionContext, site: CallSite, incoming: boolean): RequestBinding & { principalError?: unknown } {
  const base = { method: site.method, target: site.target, arguments: site.arguments };
  if (!rt.security.bindPrincipal) return { ...base, principal: principalFromAuthInfo(ctx.authInfo) };
  try {
    return { ...base, principal: rt.security.bindPrincipal(ctx) };
  } catch (cause) {
    if (incoming) throw new InvalidRequestStateError('principal_error', { cause });
    return { ...base, principal: null, principalError: cause };
  }
}

/** Seals the outgoing state; any failure here is the server's, so it answers -32603 and is logged. */
function seal(rt: ServerRuntime, result: ResolverInputRequired, binding: RequestBinding & { principalError?: unknown }, site: CallSite): InputRequiredResult {
  const envelope = envelopeOf(result);
  const out: InputRequiredResult = { resultType: 'input_required' } as InputRequiredResult;
  if (result.inputRequests !== undefined) out.inputRequests = result.inputRequests;
  if (envelope === undefined) return out;
  try {
    if (binding.principalError !== undefined) throw binding.principalError;
    const { principalError: _unused, ...clean } = binding;
    out.requestState = rt.sealer.seal(envelope, clean);
  } catch (error) {
    const ref = randomBytes(4).toString('hex');
    rt.logger.error('sealing requestState failed', { method: site.method, target: site.target, ref, error });
    throw new ProtocolError(JsonRpcCode.InternalError, `Internal error (ref ${ref})`);
  }
  return out;
}

function legacyInfo(server: Server) {
  return {
    protocolVersion: () => server.getNegotiatedProtocolVersion(),
    clientCapabilities: () => server.getClientCapabilities(),
    clientInfo: () => server.getClientVersion(),
  };
}
