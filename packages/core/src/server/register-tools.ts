import { ProtocolError, type Server } from '@modelcontextprotocol/server';
import { toCallToolResult } from '../call-adapter/normalize-results';
import { serveCall } from '../call-adapter/serve-call';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { tasksRuntime } from '../tasks/tasks-runtime-modules';
import { listPage } from './paginate';
import type { ServerRuntime } from './server-runtime';

/** `tools/list` and `tools/call` (a task tool's call through the Tasks extension, whose own methods it attaches). */
export function registerTools(server: Server, rt: ServerRuntime, era: 'modern' | 'legacy'): void {
  const { compiled } = rt;
  if (compiled.toolList.length > 0) {
    server.setRequestHandler('tools/list', (req) =>
      listPage('tools', compiled.toolList, req.params?.cursor, rt.pageSize),
    );
    server.setRequestHandler('tools/call', (req, sdk) => {
      const name = req.params.name;
      const plan = compiled.tools.get(name);
      if (!plan) throw new ProtocolError(JsonRpcCode.InvalidParams, `Unknown tool: ${name}`);
      const args = (req.params.arguments ?? {}) as Record<string, unknown>;
      const site = { method: 'tools/call' as const, target: name, arguments: args, era, server };
      const finish = (v: unknown) =>
        server.projectCallToolResult(toCallToolResult(v, plan), compiled.outputSchemas.get(name));
      if (rt.tasks && plan.meta.kind === 'tool' && plan.meta.task)
        return tasksRuntime().serveTaskCall(rt, rt.tasks, plan, site, sdk, finish, server) as Promise<never>;
      return serveCall(rt, plan, site, sdk, finish);
    });
  }
}
