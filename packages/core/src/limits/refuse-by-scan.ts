import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ResolvedRequestLimits } from './request-limits';
import { boundsRefusal, callKind, countsProblem } from './check-argument-bounds';
import { outsideCountsProblem, outsideRefusal } from './check-outside-bounds';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { countNested, type NestedCounts } from './count-nested';
import { OPEN_ARRAY, OPEN_OBJECT, QUOTE, skipSpace } from './json-bytes';
import { SCAN_FROM_BYTES } from './scan-from-bytes';
import { runToEnd, runYielding, type Steps } from './run-in-slices';
import {
  decodeJson,
  foldArguments,
  scanJsonStructure,
  scanSteps,
  type ByteRange,
  type OutsideCounts,
  type ScannedEnvelope,
} from './scan-json-structure';

export { SCAN_FROM_BYTES };

/**
 * Refuses, before it is decoded and parsed, a large request whose `arguments` (of a `tools/call` or
 * `prompts/get`) or whose other members cross the request limits, with the -32602 answer the post-parse
 * checks (checkArgumentBounds, then checkOutsideBounds) give; they stay the authority for everything this
 * lets through. Parsing 100 000 keys holds the event loop for 20-60 ms; the scan reads the bytes once,
 * allocates nothing per token, and gives the event loop a turn every SLICE_BYTES.
 *
 * It never refuses a request the post-parse checks accept, with one deliberate exception: a name
 * repeated inside one object is counted each time it is sent, where JSON.parse keeps the last (RFC 8259
 * asks for unique names), and a value so discarded counts outside arguments. Resolving repeats exactly
 * would need the parse itself, and one repeated name would then be enough to make the server parse any
 * body: the bound is on what is sent.
 */
export async function refuseByScan(
  body: Uint8Array,
  limits: ResolvedRequestLimits,
): Promise<JSONRPCMessage | undefined> {
  if (body.length < SCAN_FROM_BYTES) return undefined;
  // in slices, with a turn of the event loop between them: other requests go on while a large body is read
  const found = await runYielding(scanSteps(body, limits));
  if (isCallable(found, body)) return refusalOf(found, body, limits);
  return otherShapeRefusal(found ?? (await runYielding(countWholeBody(body, limits))), limits);
}

/** The scan's answer for a body of any size, at once (refuseByScan skips small ones and slices the rest). */
export function scanRefusal(body: Uint8Array, limits: ResolvedRequestLimits): JSONRPCMessage | undefined {
  const found = scanJsonStructure(body, limits);
  if (isCallable(found, body)) return refusalOf(found, body, limits);
  return otherShapeRefusal(found ?? runToEnd(countWholeBody(body, limits)), limits);
}

/** A request the post-parse checks read: an `id`, and a `method` that is a string. */
function isCallable(found: ScannedEnvelope | undefined, body: Uint8Array): found is ScannedEnvelope {
  return found?.id !== undefined && found.method !== undefined && body[found.method[0]] === QUOTE;
}

/**
 * Every other shape (a batch, a notification, a response, a method that is not a string, text after the
 * object) is parsed whole all the same, and no post-parse check reads it: its members all count against
 * the bounds outside arguments, and past them it is refused with -32600, id null, before any parse.
 */
function otherShapeRefusal(
  counted: ScannedEnvelope | OutsideCounts | undefined,
  limits: ResolvedRequestLimits,
): JSONRPCMessage | undefined {
  if (counted === undefined) return undefined;
  const outside = 'outside' in counted ? { ...counted.outside } : counted;
  if ('outside' in counted && counted.args !== undefined) foldArguments(outside, counted.args);
  const problem = outsideCountsProblem(outside.members, outside.depth, limits);
  if (problem === undefined) return undefined;
  return {
    jsonrpc: '2.0',
    id: null,
    error: {
      code: JsonRpcCode.InvalidRequest,
      message: `Invalid request: ${problem.replace('the request', 'the body')}`,
    },
  } as unknown as JSONRPCMessage;
}

/** Counts the first JSON container of a body that is not one object (a batch, say); undefined if none. */
function* countWholeBody(b: Uint8Array, limits: ResolvedRequestLimits): Steps<OutsideCounts | undefined> {
  const start = skipSpace(b, b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0);
  if (b[start] !== OPEN_ARRAY && b[start] !== OPEN_OBJECT) return undefined;
  const counts: NestedCounts = { keys: 0, items: 0, depth: 0 };
  yield* countNested(b, start, counts, limits.maxDepthOutsideArguments);
  return { members: counts.keys + counts.items, depth: counts.depth };
}

function refusalOf(
  found: ScannedEnvelope | undefined,
  body: Uint8Array,
  limits: ResolvedRequestLimits,
): JSONRPCMessage | undefined {
  if (found?.id === undefined || found.method === undefined) return undefined;
  const method = decodeShort(body, found.method);
  const takesArguments = typeof method === 'string' && callKind(method) !== undefined;
  const args = takesArguments ? found.args : undefined;
  const outside = { ...found.outside };
  // a method without arguments gets no bounds of its own for them: they count with the rest
  if (!takesArguments && found.args !== undefined) foldArguments(outside, found.args);
  const argsProblem = args && countsProblem(args.keys, args.items, args.depth, limits);
  const problem = argsProblem ?? outsideCountsProblem(outside.members, outside.depth, limits);
  if (problem === undefined) return undefined;
  // a method that is not a string is not refused by the post-parse checks either (the SDK answers it); not
  // decoded, as it may be as large as the body
  if (body[found.method[0]] !== QUOTE) return undefined;
  // decoded only now, for the answer: id, method and name as the post-parse checks read them; an id that is
  // not a string or a number is answered with null (answerable-id.ts), so it is never decoded
  const id = startsScalarId(body[found.id[0]]) ? decodeJson(body, found.id) : null;
  const methodText = method ?? decodeJson(body, found.method);
  if (typeof methodText !== 'string') return undefined;
  const name = found.name === undefined ? undefined : decodeJson(body, found.name);
  return argsProblem ? boundsRefusal(id, methodText, name, problem) : outsideRefusal(id, methodText, name, problem);
}

/** A JSON string or number starts with a quote, a minus sign or a digit. */
function startsScalarId(byte: number | undefined): boolean {
  return byte === QUOTE || byte === 0x2d || (byte !== undefined && byte >= 0x30 && byte <= 0x39);
}

/** A method decoded to learn whether it takes arguments: a long one cannot ("tools/call" escaped is 60 bytes). */
function decodeShort(body: Uint8Array, range: ByteRange): unknown {
  return range[1] - range[0] > 128 ? undefined : decodeJson(body, range);
}
