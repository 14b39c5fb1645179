import { isInputRequiredResult, ProtocolError, type CallToolRequest, type ServerContext } from '@modelcontextprotocol/server';
import { invalidRequestStateJsonRpcError, type ProtectedRequestState } from '@tessera/request-state';
import type { Logger } from '../logging/logger';
import { mapError } from '../server/error-mapping';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import type { LowLevelCallContext, LowLevelCallResult, LowLevelToolHandler } from './low-level-server-options';

export interface LowLevelCallSetup {
  toolNames: ReadonlySet<string>;
  callTool: LowLevelToolHandler;
  /** Present only when the author opted into sealing. */
  guard?: ProtectedRequestState<ServerContext>;
  era: 'modern' | 'legacy';
  logger: Logger;
}

/**
 * Serves one `tools/call`: opens the incoming state (sealed or raw), runs the author's handler, seals an
 * outgoing state, and masks unexpected failures as the decorated server does.
 */
export async function serveLowLevelCall(setup: LowLevelCallSetup, params: CallToolRequest['params'], sdk: ServerContext): Promise<LowLevelCallResult> {
  const name = params.name;
  if (!setup.toolNames.has(name)) throw new ProtocolError(JsonRpcCode.InvalidParams, `Unknown tool: ${name}`);
  const args = (params.arguments ?? {}) as Record<string, unknown>;
  const request = { target: name, arguments: args };
  let state: unknown;
  try {
    // With sealing, the SDK hook has verified key, expiry, audience and principal; read() checks tool and arguments.
    state = setup.guard ? setup.guard.read(sdk, request) : sdk.mcpReq.requestState();
  } catch {
    const e = invalidRequestStateJsonRpcError(); // the reason was logged by the guard's onInvalid
    throw new ProtocolError(e.code, e.message, e.data);
  }
  try {
    const ctx: LowLevelCallContext = {
      name,
      arguments: args,
      inputResponses: sdk.mcpReq.inputResponses,
      requestState: typeof state === 'string' ? state : undefined,
      era: setup.era,
      authInfo: sdk.http?.authInfo,
      signal: sdk.mcpReq.signal,
      sdk,
    };
    const result = await setup.callTool(name, args, ctx);
    if (setup.guard && isInputRequiredResult(result) && result.requestState !== undefined) {
      return { ...result, requestState: setup.guard.mint(result.requestState, sdk, request) };
    }
    return result;
  } catch (error) {
    return mapError(error, { method: 'tools/call', target: name, logger: setup.logger });
  }
}
