import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ResolvedRequestLimits } from '../app/request-limits';
import { boundsRefusal, callKind, countsProblem } from './check-argument-bounds';
import { outsideCountsProblem, outsideRefusal } from './check-outside-bounds';
import { QUOTE } from './json-bytes';
import { runYielding } from './run-in-slices';
import {
  decodeJson,
  foldArguments,
  scanJsonStructure,
  scanSteps,
  type ByteRange,
  type ScannedEnvelope,
} from './scan-json-structure';

/**
 * Below this size a body is not scanned: JSON.parse of even the worst shape (one object of tiny keys,
 * about 40 ms per MiB) takes under a millisecond, and ordinary calls, far smaller, pay nothing.
 */
export const SCAN_FROM_BYTES = 16 * 1024;

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
  return refusalOf(await runYielding(scanSteps(body, limits)), body, limits);
}

/** The scan's answer for a body of any size, at once (refuseByScan skips small ones and slices the rest). */
export function scanRefusal(body: Uint8Array, limits: ResolvedRequestLimits): JSONRPCMessage | undefined {
  return refusalOf(scanJsonStructure(body, limits), body, limits);
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
