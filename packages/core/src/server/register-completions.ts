import { ProtocolError, type Server } from '@modelcontextprotocol/server';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import type { ServerRuntime } from './server-runtime';

const MAX_COMPLETIONS = 100; // the protocol's cap per answer

/** `completion/complete` for prompt and template arguments: a closed set of values (@IsIn, @IsEnum) completes from it; others to nothing. */
export function registerCompletions(server: Server, rt: ServerRuntime): void {
  const { compiled } = rt;
  if (compiled.promptList.length === 0 && compiled.templateList.length === 0) return;
  server.setRequestHandler('completion/complete', (req) => {
    const ref = req.params.ref;
    const key = ref.type === 'ref/prompt' ? `prompt:${ref.name}` : `template:${ref.uri}`;
    const byArgument = compiled.completions.get(key);
    if (!byArgument) {
      const what = ref.type === 'ref/prompt' ? `prompt: ${ref.name}` : `resource template: ${ref.uri}`;
      throw new ProtocolError(JsonRpcCode.InvalidParams, `Unknown ${what}`);
    }
    return completeFrom(byArgument.get(req.params.argument.name) ?? [], req.params.argument.value);
  });
}

/** The options that start with what the user typed (case-insensitive), at most 100, with the full count. */
function completeFrom(options: readonly string[], typed: string) {
  const prefix = typed.toLowerCase();
  const matches = options.filter((o) => o.toLowerCase().startsWith(prefix));
  return {
    completion: {
      values: matches.slice(0, MAX_COMPLETIONS),
      total: matches.length,
      hasMore: matches.length > MAX_COMPLETIONS,
    },
  };
}
