import { ProtocolError, type CallToolRequest, type ServerContext } from '@modelcontextprotocol/server';
import type { Logger } from '../logging/logger';
import { markHandlerStarted } from '../pipeline/handler-started';
import type { RequestStateInterceptor, StateCarrier } from '../pipeline/request-state.interceptor';
import { mapError } from '../server/error-mapping';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import type { LowLevelCallContext, LowLevelCallResult, LowLevelToolHandler } from './low-level-server-options';

export interface LowLevelCallSetup {
  toolNames: ReadonlySet<string>;
  callTool: LowLevelToolHandler;
  /** The decorated server's request-state stage; present only when the author opted into sealing. */
  requestState?: RequestStateInterceptor;
  era: 'modern' | 'legacy';
  logger: Logger;
}

/**
 * Serves one `tools/call`: the author's handler inside the same request-state stage as the decorated
 * server (verified and opened before, sealed after), or with the raw state when sealing is off; failures
 * are mapped and masked as the decorated server does.
 */
export async function serveLowLevelCall(
  setup: LowLevelCallSetup,
  params: CallToolRequest['params'],
  sdk: ServerContext,
): Promise<LowLevelCallResult> {
  const name = params.name;
  if (!setup.toolNames.has(name)) throw new ProtocolError(JsonRpcCode.InvalidParams, `Unknown tool: ${name}`);
  const args = (params.arguments ?? {}) as Record<string, unknown>;
  const call: StateCarrier = {
    method: 'tools/call',
    target: name,
    arguments: args,
    authInfo: sdk.http?.authInfo,
    sdk,
    requestState: setup.requestState ? undefined : sdk.mcpReq.requestState(),
    resolverProgress: { incoming: undefined, outgoing: undefined },
    flow: { incoming: undefined, outgoing: undefined },
  };
  const invoke = () => {
    markHandlerStarted(call);
    const ctx: LowLevelCallContext = {
      name,
      arguments: args,
      inputResponses: sdk.mcpReq.inputResponses,
      requestState: typeof call.requestState === 'string' ? call.requestState : undefined,
      era: setup.era,
      authInfo: call.authInfo,
      signal: sdk.mcpReq.signal,
      sdk,
    };
    return Promise.resolve(setup.callTool(name, args, ctx));
  };
  try {
    return (await (setup.requestState ? setup.requestState.intercept(call, invoke) : invoke())) as LowLevelCallResult;
  } catch (error) {
    return mapError(error, { method: 'tools/call', target: name, logger: setup.logger });
  }
}
