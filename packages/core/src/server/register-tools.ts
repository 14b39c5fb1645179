import { ProtocolError, type Server } from '@modelcontextprotocol/server';
import { toCallToolResult } from '../call-adapter/normalize-results';
import { serveCall } from '../call-adapter/serve-call';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { loadFeature } from '../loading/load-feature';
import { listPage } from './paginate';
import type { ServerRuntime } from './server-runtime';

/** `tools/list` and `tools/call` (a task tool's call through the Tasks extension, whose own methods it attaches). */
export function registerTools(server: Server, rt: ServerRuntime, era: 'modern' | 'legacy'): void {
  const { compiled } = rt;
  if (compiled.toolList.length > 0) {
    server.setRequestHandler('tools/list', async (req, sdk) =>
      listPage('tools', await rt.visibility.tools(sdk.http?.authInfo), req.params?.cursor, rt.pageSize),
    );
    server.setRequestHandler('tools/call', async (req, sdk) => {
      const name = req.params.name;
      const plan = compiled.tools.get(name);
      if (!plan || !(await rt.visibility.sees(plan, sdk.http?.authInfo)))
        throw new ProtocolError(JsonRpcCode.InvalidParams, `Unknown tool: ${name}`);
      const args = (req.params.arguments ?? {}) as Record<string, unknown>;
      const site = { method: 'tools/call' as const, target: name, arguments: args, era, server };
      const finish = (v: unknown) =>
        server.projectCallToolResult(toCallToolResult(v, plan), compiled.outputSchemas.get(name));
      if (rt.tasks && plan.meta.kind === 'tool' && plan.meta.task)
        return loadFeature('tasks').serveTaskCall(rt, rt.tasks, plan, site, sdk, finish, server) as Promise<never>;
      return serveCall(rt, plan, site, sdk, finish);
    });
  }
}
