import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ResolvedRequestLimits } from './request-limits';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { answerableId } from '../encoding/answerable-id';
import { callKind } from './check-argument-bounds';
import { measureParsedValue } from './measure-parsed-value';

/**
 * Refuses a request that holds too many keys and array items, or nests too deep, outside a call's
 * `arguments` (`_meta`, `inputResponses`, the envelope; for a method without arguments, everything).
 * Those members are never validated, but parsing them costs the event loop as much as arguments do
 * (300 000 tiny keys in `_meta`: 160 ms of JSON.parse): over HTTP, refuseByScan gives this answer before
 * parsing, and this check is the authority on every face (stdio and in-memory transports have no scan).
 */
export function checkOutsideBounds(message: unknown, limits: ResolvedRequestLimits): JSONRPCMessage | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as { id?: string | number; method?: unknown; params?: { name?: unknown; arguments?: unknown } };
  if (m.id === undefined || typeof m.method !== 'string') return undefined;
  const params = typeof m.params === 'object' && m.params !== null ? m.params : undefined;
  // arguments have bounds of their own (checkArgumentBounds), for the methods that take them
  const skipped = callKind(m.method) !== undefined ? params?.arguments : undefined;
  const problem = outsideProblem(message, skipped, limits);
  return problem === undefined ? undefined : outsideRefusal(m.id, m.method, params?.name, problem);
}

/** The -32602 answer for a request crossing `problem`; shared with the pre-parse scan. */
export function outsideRefusal(id: unknown, method: string, name: unknown, problem: string): JSONRPCMessage {
  const kind = callKind(method);
  const target =
    kind === undefined ? method.slice(0, 200) : typeof name === 'string' ? `${kind} "${name.slice(0, 200)}"` : kind;
  return {
    jsonrpc: '2.0',
    id: answerableId(id),
    error: { code: JsonRpcCode.InvalidParams, message: `Invalid request for ${target}: ${problem}` },
  } as JSONRPCMessage;
}

/** The problem named by counts outside arguments (depth first, as the scan reports it), or undefined. */
export function outsideCountsProblem(
  members: number,
  depth: number,
  limits: ResolvedRequestLimits,
): string | undefined {
  if (depth > limits.maxDepthOutsideArguments) return depthProblem(limits);
  if (members > limits.maxMembersOutsideArguments) return membersProblem(limits);
  return undefined;
}

const depthProblem = (l: ResolvedRequestLimits) =>
  `the request nests deeper than ${l.maxDepthOutsideArguments} levels outside arguments (limits.maxDepthOutsideArguments)`;
const membersProblem = (l: ResolvedRequestLimits) =>
  `the request holds more than ${l.maxMembersOutsideArguments} keys and array items outside arguments (limits.maxMembersOutsideArguments)`;

/**
 * What bound the request crosses outside `skipped` (the arguments object, not walked), or undefined.
 * Counts as the scan does: every key and array item, the request object at depth 1.
 */
function outsideProblem(message: object, skipped: unknown, limits: ResolvedRequestLimits): string | undefined {
  const size = measureParsedValue(message, limits.maxDepthOutsideArguments, skipped);
  return size === undefined ? depthProblem(limits) : outsideCountsProblem(size.keys + size.items, size.deepest, limits);
}
