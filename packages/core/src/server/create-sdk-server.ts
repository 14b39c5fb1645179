import { Server, type ServerContext } from '@modelcontextprotocol/server';
import { requestClientCapabilities } from '../extensions/request-client-capabilities';
import { registerCompletions } from './register-completions';
import { registerPrompts } from './register-prompts';
import { registerResources } from './register-resources';
import { registerTools } from './register-tools';
import { serverCapabilities } from './server-capabilities';
import type { ServerRuntime } from './server-runtime';

/**
 * One SDK `Server` for one serving unit (an HTTP request, or a stdio connection). Only constant work
 * happens here: the handlers close over tables compiled at startup, so the cost of a request does not
 * grow with the number of tools.
 */
export function createSdkServer(rt: ServerRuntime, era: 'modern' | 'legacy'): Server {
  const server = new Server(rt.info, {
    capabilities: serverCapabilities(rt),
    instructions: rt.instructions,
    cacheHints: rt.cacheHints as never,
    inputRequired: { legacyShim: rt.legacyInputRequiredBridge },
  });
  registerResources(server, rt, era);
  registerTools(server, rt, era);
  registerPrompts(server, rt, era);
  registerCompletions(server, rt);
  const requests = { clientCapabilities: (ctx: ServerContext) => requestClientCapabilities(ctx, server) };
  for (const { extension } of rt.extensions) extension.attach?.(server, requests);
  return server;
}
