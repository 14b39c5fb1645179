import type { ResolvedRequestLimits } from '../app/request-limits';
import {
  BACKSLASH, BYTE_CLASS, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, IS_COLON, IS_COMMA, IS_OPEN, IS_QUOTE,
  OPEN_ARRAY, OPEN_OBJECT, QUOTE, skipNested, skipSpace, skipValue, stringEnd,
} from './json-bytes';
import { runToEnd, SLICE_BYTES, type Steps } from './run-in-slices';

export interface ArgumentCounts {
  keys: number;
  items: number;
  /** Deepest nesting, the arguments value itself being 1; counting stops past `maxArgumentDepth`. */
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
}

const ID = 1;
const METHOD = 2;
const PARAMS = 3;
const NAME = 4;
const ARGUMENTS = 5;
const TOP_FIELDS: ReadonlyArray<readonly [number, string]> = [[ID, 'id'], [METHOD, 'method'], [PARAMS, 'params']];
const PARAMS_FIELDS: ReadonlyArray<readonly [number, string]> = [[NAME, 'name'], [ARGUMENTS, 'arguments']];

/**
 * One pass over a request body's UTF-8 bytes that finds what the post-parse bounds check
 * (checkArgumentBounds) would look at, without JSON.parse: the envelope's `id`, `method`, `params.name`,
 * and the key, item and depth counts of `params.arguments`. Only the two envelope levels are read
 * member by member; every other value is stepped over by counting brackets, and `arguments` by the
 * counting loop below. Undefined when the body is not one JSON object (JSON.parse will say what is wrong).
 *
 * Duplicate names in the envelope resolve as JSON.parse resolves them (the last `params`, its last
 * `arguments`), so a discarded value never counts. Inside `arguments`, every key and item sent is
 * counted, even a name repeated in one object that JSON.parse would keep once (see refuse-by-scan).
 */
export function scanJsonStructure(b: Uint8Array, limits: ResolvedRequestLimits): ScannedEnvelope | undefined {
  return runToEnd(scanSteps(b, limits));
}

/** The same pass in slices (run-in-slices), so a large body can be scanned without holding the event loop. */
export function* scanSteps(b: Uint8Array, limits: ResolvedRequestLimits): Steps<ScannedEnvelope | undefined> {
  const start = skipSpace(b, 0);
  if (b[start] !== OPEN_OBJECT) return undefined;
  const found: ScannedEnvelope = {};
  const end = yield* readMembers(b, start, TOP_FIELDS, found, limits);
  // text after the object makes JSON.parse fail: leave the whole answer to it
  return end < 0 || skipSpace(b, end) !== b.length ? undefined : found;
}

/** Reads the members of the object whose `{` is at `open`; the index after its `}`, or -1 if malformed. */
function* readMembers(b: Uint8Array, open: number, fields: ReadonlyArray<readonly [number, string]>, found: ScannedEnvelope, limits: ResolvedRequestLimits): Steps<number> {
  let i = skipSpace(b, open + 1);
  if (b[i] === CLOSE_OBJECT) return i + 1;
  let pause = i + SLICE_BYTES; // an envelope of many small members is sliced like any other run of bytes
  for (;;) {
    if (b[i] !== QUOTE) return -1;
    const keyEnd = stringEnd(b, i);
    if (keyEnd < 0) return -1;
    const field = fieldNamed(b, i + 1, keyEnd, fields);
    i = skipSpace(b, keyEnd + 1);
    if (b[i] !== COLON) return -1;
    const value = skipSpace(b, i + 1);
    i = yield* readValue(b, value, field, found, limits);
    if (i < 0) return -1;
    i = skipSpace(b, i);
    if (b[i] === CLOSE_OBJECT) return i + 1;
    if (b[i] !== COMMA) return -1;
    i = skipSpace(b, i + 1);
    if (i >= pause) {
      yield;
      pause = i + SLICE_BYTES;
    }
  }
}

/** Reads one member's value as its field needs; the index just past it, or -1. */
function* readValue(b: Uint8Array, at: number, field: number, found: ScannedEnvelope, limits: ResolvedRequestLimits): Steps<number> {
  const c = b[at];
  if (field === PARAMS) {
    found.args = found.name = undefined; // a later params replaces an earlier one whole
    return c === OPEN_OBJECT ? yield* readMembers(b, at, PARAMS_FIELDS, found, limits) : yield* skipValue(b, at);
  }
  if (field === ARGUMENTS) {
    if (c !== OPEN_OBJECT && c !== OPEN_ARRAY) {
      found.args = undefined;
      return yield* skipValue(b, at);
    }
    const counts: ArgumentCounts = { keys: 0, items: 0, depth: 1 };
    found.args = counts;
    return yield* countNested(b, at, counts, limits.maxArgumentDepth);
  }
  const end = yield* skipValue(b, at);
  if (field === ID) found.id = [at, end];
  else if (field === METHOD) found.method = [at, end];
  else if (field === NAME) found.name = [at, end];
  return end;
}

/**
 * The counting loop over `arguments`, from its opening bracket at `open`: keys are the colons outside
 * strings, items the values of arrays (a comma at array level, plus one for a non-empty array), depth
 * the nesting, as checkArgumentBounds counts them on the parsed value. Past `maxDepth` the answer is
 * known (depth is reported first), so the rest is skipped without a stack deeper than the limit.
 */
function* countNested(b: Uint8Array, open: number, counts: ArgumentCounts, maxDepth: number): Steps<number> {
  const isArray = new Uint8Array(maxDepth + 2); // per open level: commas there separate items, not members
  const n = b.length;
  let depth = 0;
  let deepest = 0;
  let keys = 0;
  let items = 0;
  let i = open;
  scan: while (i < n) {
    const stop = i + SLICE_BYTES < n ? i + SLICE_BYTES : n;
    for (; i < stop; i += 1) {
      const c = b[i]!;
      const k = BYTE_CLASS[c]!;
      if (k === 0) continue; // digits, letters, whitespace: most bytes outside strings
      if (k === IS_QUOTE) {
        i = stringEnd(b, i);
        if (i < 0) return -1;
      } else if (k === IS_COMMA) {
        items += isArray[depth]!;
      } else if (k === IS_COLON) {
        keys += 1;
      } else if (k === IS_OPEN) {
        depth += 1;
        if (depth > maxDepth) {
          deepest = depth;
          i = yield* skipNested(b, i + 1, depth);
          break scan;
        }
        if (depth > deepest) deepest = depth;
        if (c === OPEN_ARRAY) {
          isArray[depth] = 1;
          if (b[skipSpace(b, i + 1)] !== CLOSE_ARRAY) items += 1;
        } else isArray[depth] = 0;
      } else if (--depth === 0) {
        // IS_CLOSE: the bracket closing `arguments` ends the count
        i += 1;
        break scan;
      }
    }
    yield;
  }
  counts.keys = keys;
  counts.items = items;
  counts.depth = deepest;
  return depth === 0 || deepest > maxDepth ? i : -1;
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
