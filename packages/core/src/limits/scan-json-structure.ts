import type { ResolvedRequestLimits } from './request-limits';
import { countNested, type NestedCounts } from './count-nested';
import {
  BACKSLASH,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  skipSpace,
  skipValue,
  stringEnd,
} from './json-bytes';
import { runToEnd, SLICE_BYTES, type Steps } from './run-in-slices';

/** Counts over `arguments`; its depth counts the arguments value itself as 1. */
export type ArgumentCounts = NestedCounts;

/** Keys and array items outside the kept `arguments`, and the deepest nesting there (the request object is 1). */
export interface OutsideCounts {
  members: number;
  depth: number;
}

/** Where a kept envelope value lies in the bytes: [start, end), its raw JSON text, undecoded. */
export type ByteRange = readonly [number, number];

export interface ScannedEnvelope {
  /** The top-level `id`, `method` and `params.name` (the last of each, as JSON.parse keeps them). */
  id?: ByteRange;
  method?: ByteRange;
  name?: ByteRange;
  /** Counts over the kept `params.arguments`, when it is an object or an array. */
  args?: ArgumentCounts;
  /**
   * Everything else sent: the envelope's own members, `_meta`, `inputResponses`, and any value a repeated
   * `params` or `arguments` name discarded (JSON.parse reads it all the same).
   */
  outside: OutsideCounts;
}

/** Envelope members read between two yields (a few milliseconds' work at most, on a slow machine). */
const SLICE_MEMBERS = 512;

const ID = 1;
const METHOD = 2;
const PARAMS = 3;
const NAME = 4;
const ARGUMENTS = 5;
const TOP_FIELDS: ReadonlyArray<readonly [number, string]> = [
  [ID, 'id'],
  [METHOD, 'method'],
  [PARAMS, 'params'],
];
const PARAMS_FIELDS: ReadonlyArray<readonly [number, string]> = [
  [NAME, 'name'],
  [ARGUMENTS, 'arguments'],
];

/**
 * One pass over a request body's UTF-8 bytes that finds what the post-parse bounds checks
 * (checkArgumentBounds, checkOutsideBounds) would look at, without JSON.parse: the envelope's `id`,
 * `method`, `params.name`, the key, item and depth counts of `params.arguments`, and the same counts
 * over everything else. Only the two envelope levels are read member by member; every other value is
 * counted by countNested. Undefined when the body is not one JSON object (JSON.parse will say what is wrong).
 *
 * Duplicate names in the envelope resolve as JSON.parse resolves them (the last `params`, its last
 * `arguments` is the one counted as arguments), but a discarded value still counts outside arguments,
 * and a name repeated in any one object counts each time it is sent: JSON.parse reads every byte sent,
 * so the bound is on what is sent (see refuse-by-scan).
 */
export function scanJsonStructure(b: Uint8Array, limits: ResolvedRequestLimits): ScannedEnvelope | undefined {
  return runToEnd(scanSteps(b, limits));
}

/** The same pass in slices (run-in-slices), so a large body can be scanned without holding the event loop. */
export function* scanSteps(b: Uint8Array, limits: ResolvedRequestLimits): Steps<ScannedEnvelope | undefined> {
  // the endpoint decodes with TextDecoder, which drops a leading byte order mark before JSON.parse: read past it too
  const start = skipSpace(b, startsWithUtf8Bom(b) ? 3 : 0);
  if (b[start] !== OPEN_OBJECT) return undefined;
  const found: ScannedEnvelope = { outside: { members: 0, depth: 0 } };
  const end = yield* readMembers(b, start, 1, TOP_FIELDS, found, limits);
  // text after the object makes JSON.parse fail: leave the whole answer to it
  return end < 0 || skipSpace(b, end) !== b.length ? undefined : found;
}

/**
 * Reads the members of the object whose `{` is at `open`, at nesting `level` (the request 1, params 2);
 * the index after its `}`, or -1 if malformed.
 */
function* readMembers(
  b: Uint8Array,
  open: number,
  level: number,
  fields: ReadonlyArray<readonly [number, string]>,
  found: ScannedEnvelope,
  limits: ResolvedRequestLimits,
): Steps<number> {
  if (level > found.outside.depth) found.outside.depth = level;
  let i = skipSpace(b, open + 1);
  if (b[i] === CLOSE_OBJECT) return i + 1;
  let pause = i + SLICE_BYTES; // an envelope of many small members is sliced like any other run of bytes
  let members = 0; // and by their number: each member read here costs far more than a byte counted below
  for (;;) {
    if (b[i] !== QUOTE) return -1;
    const keyEnd = stringEnd(b, i);
    if (keyEnd < 0) return -1;
    const field = fieldNamed(b, i + 1, keyEnd, fields);
    found.outside.members += 1;
    i = skipSpace(b, keyEnd + 1);
    if (b[i] !== COLON) return -1;
    const value = skipSpace(b, i + 1);
    i = yield* readValue(b, value, level, field, found, limits);
    if (i < 0) return -1;
    i = skipSpace(b, i);
    if (b[i] === CLOSE_OBJECT) return i + 1;
    if (b[i] !== COMMA) return -1;
    i = skipSpace(b, i + 1);
    if (i >= pause || ++members >= SLICE_MEMBERS) {
      yield;
      pause = i + SLICE_BYTES;
      members = 0;
    }
  }
}

/** Reads one member's value, of an object at `level`, as its field needs; the index just past it, or -1. */
function* readValue(
  b: Uint8Array,
  at: number,
  level: number,
  field: number,
  found: ScannedEnvelope,
  limits: ResolvedRequestLimits,
): Steps<number> {
  const c = b[at];
  const container = c === OPEN_OBJECT || c === OPEN_ARRAY;
  if (field === PARAMS || field === ARGUMENTS) {
    // a later params (or arguments) replaces an earlier one whole: what it held was sent all the same
    if (found.args !== undefined) foldArguments(found.outside, found.args);
    found.args = undefined;
    if (field === PARAMS) found.name = undefined;
  }
  if (field === PARAMS && c === OPEN_OBJECT) return yield* readMembers(b, at, level + 1, PARAMS_FIELDS, found, limits);
  if (field === ARGUMENTS && container) {
    found.args = { keys: 0, items: 0, depth: 1 };
    // counted deep enough for either bound: arguments are counted outside when the method takes none
    const room = Math.max(limits.maxArgumentDepth, limits.maxDepthOutsideArguments - level);
    return yield* countNested(b, at, found.args, room);
  }
  const end = container ? yield* countOutside(b, at, level, found.outside, limits) : yield* skipValue(b, at);
  if (field === ID) found.id = [at, end];
  else if (field === METHOD) found.method = [at, end];
  else if (field === NAME) found.name = [at, end];
  return end;
}

/** Counts a container that is a member's value, in an object at `level`, into `outside`. */
function* countOutside(
  b: Uint8Array,
  at: number,
  level: number,
  outside: OutsideCounts,
  limits: ResolvedRequestLimits,
): Steps<number> {
  const counts: NestedCounts = { keys: 0, items: 0, depth: 0 };
  const end = yield* countNested(b, at, counts, limits.maxDepthOutsideArguments - level);
  outside.members += counts.keys + counts.items;
  if (level + counts.depth > outside.depth) outside.depth = level + counts.depth;
  return end;
}

/** Adds counts over an `arguments` value (in params, at level 2) to the counts outside arguments. */
export function foldArguments(outside: OutsideCounts, args: ArgumentCounts): void {
  outside.members += args.keys + args.items;
  if (2 + args.depth > outside.depth) outside.depth = 2 + args.depth;
}

/** Which of `fields` the key between `from` and `to` (quotes excluded) names, or 0. */
function fieldNamed(b: Uint8Array, from: number, to: number, fields: ReadonlyArray<readonly [number, string]>): number {
  const length = to - from;
  if (length > 64) return 0; // longer than any spelling of the names read here, even fully escaped
  let escaped = false;
  for (let i = from; i < to; i += 1) if (b[i] === BACKSLASH) escaped = true;
  // "\u0069d" is "id" to JSON.parse: an escaped key is decoded (rare, and short)
  const name = escaped ? decodeKey(b, from - 1, to + 1) : undefined;
  for (const [field, spelled] of fields) {
    if (name !== undefined ? name === spelled : sameAscii(b, from, length, spelled)) return field;
  }
  return 0;
}

function sameAscii(b: Uint8Array, from: number, length: number, name: string): boolean {
  if (length !== name.length) return false;
  for (let k = 0; k < length; k += 1) if (b[from + k] !== name.charCodeAt(k)) return false;
  return true;
}

function decodeKey(b: Uint8Array, from: number, to: number): string | undefined {
  const decoded = decodeJson(b, [from, to]);
  return typeof decoded === 'string' ? decoded : undefined;
}

/** The value of a raw JSON range (an envelope's id, method or name), or undefined if it is not JSON. */
export function decodeJson(b: Uint8Array, [from, to]: ByteRange): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(b.subarray(from, to)));
  } catch {
    return undefined;
  }
}

function startsWithUtf8Bom(b: Uint8Array): boolean {
  return b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
}
