import type { Tool } from '@modelcontextprotocol/client';
import type { McpCall } from '../flow/mcp-call';

/**
 * Whether running a leg of `call` twice has no further effect, so a leg whose outcome is unknown may be sent
 * again whatever it carries: reads (`resources/read`, `prompts/get`), and a tool whose listing says
 * `readOnlyHint` or `idempotentHint: true`. The hint comes from the server that would run the leg twice, the one
 * party that knows. A tool not listed yet is looked up once, with `list` (tools/list), only when it matters.
 */
export async function isIdempotent(
  call: McpCall,
  knownTools: ReadonlyMap<string, Tool>,
  list: () => Promise<unknown>,
): Promise<boolean> {
  if (call.method !== 'tools/call') return true;
  if (!knownTools.has(call.name)) await list().catch(() => undefined); // unknown stays not idempotent
  const annotations = knownTools.get(call.name)?.annotations;
  return annotations?.readOnlyHint === true || annotations?.idempotentHint === true;
}
