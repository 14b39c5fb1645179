import type { Tool } from '@modelcontextprotocol/client';
import { saysIdempotent } from '@tessera/common';
import type { McpCall } from '../flow/mcp-call';
import { classifyLegFailure } from './leg-failure';
import type { LegRetryPolicy } from './leg-retry-policy';
import type { Sleep } from './sleep';

export interface ToolListing {
  known: ReadonlyMap<string, Tool>;
  /** tools/list, which fills `known`. */
  list(): Promise<unknown>;
  /** Retries of the listing when it fails in the fleet too (it changes nothing on the server). */
  policy: LegRetryPolicy;
  sleep: Sleep;
  signal: AbortSignal;
}

/**
 * Whether running a leg of `call` twice has no further effect, so a leg whose outcome is unknown may be sent
 * again whatever it carries: reads (`resources/read`, `prompts/get`), and a tool whose listing says
 * `readOnlyHint` or `idempotentHint: true`. The hint comes from the server that would run the leg twice, the one
 * party that knows. A tool not listed yet is looked up, with tools/list, only when it matters; a listing
 * that fails in the fleet is tried again within the retry policy, and one that cannot be had means no.
 */
export async function isIdempotent(call: McpCall, tools: ToolListing): Promise<boolean> {
  if (call.method !== 'tools/call') return true;
  for (let attempt = 1; !tools.known.has(call.name); attempt++) {
    try {
      await tools.list();
      break;
    } catch (error) {
      const failure = classifyLegFailure(error);
      if (failure === undefined || attempt > tools.policy.maxRetries || tools.signal.aborted) return false;
      await tools.sleep(tools.policy.delay(attempt, failure), tools.signal);
    }
  }
  return saysIdempotent(tools.known.get(call.name)?.annotations);
}
