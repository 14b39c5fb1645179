import { Server, type ServerContext, type Tool } from '@modelcontextprotocol/server';
import type { ProtectedRequestState } from '@tessera/request-state';
import type { Logger } from '../logging/logger';
import { listPage } from '../server/paginate';
import type { LowLevelServerOptions } from './low-level-server-options';
import { serveLowLevelCall } from './serve-low-level-call';

/** What every per-request SDK server of one low-level server shares, built once. */
export interface LowLevelRuntime {
  options: LowLevelServerOptions;
  tools: readonly Tool[];
  toolNames: ReadonlySet<string>;
  pageSize: number;
  guard?: ProtectedRequestState<ServerContext>;
  logger: Logger;
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
      // The SDK runs this before the handler on every round carrying a state; a throw is its fixed -32602.
      ...(rt.guard ? { requestState: { verify: rt.guard.verify } } : {}),
    },
  );
  server.setRequestHandler('tools/list', (req) => listPage('tools', rt.tools, req.params?.cursor, rt.pageSize));
  server.setRequestHandler('tools/call', (req, sdk) =>
    serveLowLevelCall({ toolNames: rt.toolNames, callTool: options.callTool, guard: rt.guard, era, logger: rt.logger }, req.params, sdk),
  );
  return server;
}
