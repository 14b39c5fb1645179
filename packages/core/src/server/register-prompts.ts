import { ProtocolError, type Server } from '@modelcontextprotocol/server';
import { toGetPromptResult } from '../call-adapter/normalize-results';
import { serveCall } from '../call-adapter/serve-call';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { listPage } from './paginate';
import type { ServerRuntime } from './server-runtime';

/** `prompts/list` and `prompts/get`, when the app has prompts. */
export function registerPrompts(server: Server, rt: ServerRuntime, era: 'modern' | 'legacy'): void {
  const { compiled } = rt;
  if (compiled.promptList.length === 0) return;
  server.setRequestHandler('prompts/list', async (req, sdk) =>
    listPage('prompts', await rt.visibility.prompts(sdk.http?.authInfo), req.params?.cursor, rt.pageSize),
  );
  server.setRequestHandler('prompts/get', async (req, sdk) => {
    const name = req.params.name;
    const plan = compiled.prompts.get(name);
    if (!plan || !(await rt.visibility.sees(plan, sdk.http?.authInfo)))
      throw new ProtocolError(JsonRpcCode.InvalidParams, `Unknown prompt: ${name}`);
    const args = (req.params.arguments ?? {}) as Record<string, unknown>;
    return serveCall(rt, plan, { method: 'prompts/get', target: name, arguments: args, era, server }, sdk, (v) =>
      toGetPromptResult(v, plan),
    );
  });
}
