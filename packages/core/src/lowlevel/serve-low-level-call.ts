import { ProtocolError, type CallToolRequest, type ServerContext } from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../compiler/handler-plan';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { serveCall } from '../call-adapter/serve-call';
import type { CallRuntime } from '../call-adapter/call-runtime';
import type { LowLevelCallResult } from './low-level-server-options';

export interface LowLevelCallSetup {
  /** The pipeline's tools (request-state stage, telemetry), the logger and the handler as a startup singleton. */
  runtime: CallRuntime;
  /** One plan per listed tool, by name. */
  plans: ReadonlyMap<string, HandlerPlan>;
  era: 'modern' | 'legacy';
}

/**
 * Serves one `tools/call` through the same call pipeline and adapter as a decorated tool
 * (`server/serve-call.ts`): the state refused, opened and sealed, the round traced and counted, failures
 * mapped and masked alike. An unknown name is refused before, as for a decorated app.
 */
export async function serveLowLevelCall(
  setup: LowLevelCallSetup,
  params: CallToolRequest['params'],
  sdk: ServerContext,
): Promise<LowLevelCallResult> {
  const name = params.name;
  const plan = setup.plans.get(name);
  if (!plan) throw new ProtocolError(JsonRpcCode.InvalidParams, `Unknown tool: ${name}`);
  const args = (params.arguments ?? {}) as Record<string, unknown>;
  const site = { method: 'tools/call' as const, target: name, arguments: args, era: setup.era };
  return serveCall(setup.runtime, plan, site, sdk, (value) => value as LowLevelCallResult);
}
