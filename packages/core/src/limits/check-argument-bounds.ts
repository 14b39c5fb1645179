import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ResolvedRequestLimits } from './request-limits';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { answerableId } from '../encoding/answerable-id';
import { measureParsedValue } from './measure-parsed-value';

const KINDS: Record<string, string> = { 'tools/call': 'tool', 'prompts/get': 'prompt' };

/** 'tool' or 'prompt' for the methods whose `params.arguments` these limits bound, else undefined. */
export function callKind(method: string): string | undefined {
  return Object.hasOwn(KINDS, method) ? KINDS[method] : undefined;
}

/**
 * Refuses a `tools/call` or `prompts/get` whose `arguments` carry too many keys or array items, or
 * nest too deep, before the SDK or validation touch them. Validating, transforming or listing every
 * unknown key of a huge object cost seconds of blocked event loop (class-transformer is quadratic in
 * the keys of one object); this walk is linear in the parsed value. Large bodies over HTTP are refused
 * by refuseByScan before they are parsed, with the same answer.
 */
export function checkArgumentBounds(message: unknown, limits: ResolvedRequestLimits): JSONRPCMessage | undefined {
  const m = message as { id?: string | number; method?: unknown; params?: { name?: unknown; arguments?: unknown } };
  const kind = typeof m.method === 'string' ? callKind(m.method) : undefined;
  if (kind === undefined || m.id === undefined || typeof m.params !== 'object' || m.params === null) return undefined;
  const problem = boundsProblem(m.params.arguments, limits);
  if (problem === undefined) return undefined;
  return boundsRefusal(m.id, m.method as string, m.params.name, problem);
}

/** The -32602 answer for a call whose arguments cross `problem`; shared with the pre-parse scan. */
export function boundsRefusal(id: unknown, method: string, name: unknown, problem: string): JSONRPCMessage | undefined {
  const kind = callKind(method);
  if (kind === undefined) return undefined;
  const shown = typeof name === 'string' ? ` "${name.slice(0, 200)}"` : '';
  return {
    jsonrpc: '2.0',
    id: answerableId(id),
    error: { code: JsonRpcCode.InvalidParams, message: `Invalid arguments for ${kind}${shown}: ${problem}` },
  } as JSONRPCMessage;
}

/** The problem named by counts over `arguments` (what the walk below reports), or undefined. */
export function countsProblem(
  keys: number,
  items: number,
  depth: number,
  limits: ResolvedRequestLimits,
): string | undefined {
  if (depth > limits.maxArgumentDepth) return depthProblem(limits);
  if (items > limits.maxArrayItems) return itemsProblem(limits);
  if (keys > limits.maxArgumentKeys) return keysProblem(limits);
  return undefined;
}

const depthProblem = (l: ResolvedRequestLimits) =>
  `arguments nest deeper than ${l.maxArgumentDepth} levels (limits.maxArgumentDepth)`;
const itemsProblem = (l: ResolvedRequestLimits) =>
  `arguments hold more than ${l.maxArrayItems} array items in all (limits.maxArrayItems)`;
const keysProblem = (l: ResolvedRequestLimits) =>
  `arguments hold more than ${l.maxArgumentKeys} keys in all (limits.maxArgumentKeys)`;

/**
 * What bound `value` crosses, or undefined. When several are crossed the one named is the same as the
 * pre-parse scan names (depth, then items, then keys), so only the depth bound ends the walk early.
 * Iterative: a deep value cannot overflow the stack.
 */
export function boundsProblem(value: unknown, limits: ResolvedRequestLimits): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const size = measureParsedValue(value, limits.maxArgumentDepth);
  return size === undefined ? depthProblem(limits) : countsProblem(size.keys, size.items, size.deepest, limits);
}
