import { Server, type Tool } from '@modelcontextprotocol/server';
import type { HandlerPlan } from '../compiler/handler-plan';
import { listPage } from '../server/paginate';
import type { CallRuntime } from '../call-adapter/call-runtime';
import type { LowLevelServerOptions } from './low-level-server-options';
import { serveLowLevelCall } from './serve-low-level-call';

/** What every per-request SDK server of one low-level server shares, built once. */
export interface LowLevelRuntime {
  options: LowLevelServerOptions;
  tools: readonly Tool[];
  /** Each tool as the call pipeline runs it, by name. */
  plans: ReadonlyMap<string, HandlerPlan>;
  pageSize: number;
  /** What the pipeline runs every call with: its stages' tools (request-state, telemetry), the logger, the handler. */
  call: CallRuntime;
}

/** One SDK `Server` per serving unit (an HTTP request or a stdio connection), as the decorated app does. */
export function createLowLevelSdkServer(rt: LowLevelRuntime, era: 'modern' | 'legacy'): Server {
  const { options } = rt;
  const server = new Server(
    { name: options.name, version: options.version, ...(options.title ? { title: options.title } : {}) },
    {
      capabilities: { tools: {} },
      instructions: options.instructions,
      inputRequired: { legacyShim: options.legacyInputRequiredBridge ?? false },
    },
  );
  server.setRequestHandler('tools/list', (req) => listPage('tools', rt.tools, req.params?.cursor, rt.pageSize));
  server.setRequestHandler('tools/call', (req, sdk) =>
    serveLowLevelCall({ runtime: rt.call, plans: rt.plans, era }, req.params, sdk),
  );
  return server;
}
