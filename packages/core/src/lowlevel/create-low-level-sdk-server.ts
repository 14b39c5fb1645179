import { Server, type Tool } from '@modelcontextprotocol/server';
import type { RequestStateInterceptor } from '../pipeline/request-state.interceptor';
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
  /** The request-state stage, when the author opted into sealing. */
  requestState?: RequestStateInterceptor;
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
    },
  );
  server.setRequestHandler('tools/list', (req) => listPage('tools', rt.tools, req.params?.cursor, rt.pageSize));
  server.setRequestHandler('tools/call', (req, sdk) =>
    serveLowLevelCall(
      { toolNames: rt.toolNames, callTool: options.callTool, requestState: rt.requestState, era, logger: rt.logger },
      req.params,
      sdk,
    ),
  );
  return server;
}
