import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ResolvedRequestLimits } from '../app/request-limits';
import { boundsRefusal, countsProblem } from './check-argument-bounds';

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;

/**
 * Refuses, before JSON.parse, a `tools/call`/`prompts/get` body whose `arguments` cross the request
 * limits, with the same -32602 answer as the post-parse check (checkArgumentBounds, still the authority).
 * Parsing 100 000 keys holds the event loop for 50-100 ms; this one linear pass over the text does not
 * allocate per token. Only the structural ASCII characters matter, so scanning UTF-16 code units is the
 * same as scanning the UTF-8 bytes (a multi-byte character never contains one).
 *
 * Why it never refuses a call the post-parse check accepts: it counts only inside the value that
 * JSON.parse keeps as `params.arguments` (the last `params`, its last `arguments`: duplicate names are
 * resolved as JSON.parse resolves them), so envelope keys (`_meta`, `inputResponses`) need no headroom;
 * keys are the ':' of that subtree, items the values of its arrays, depth its nesting from 1, exactly
 * what the walk counts. The one difference: a name repeated inside one object of `arguments` is counted
 * each time it appears, where JSON.parse keeps one (RFC 8259 asks for unique names; such a body costs
 * the parse all the same). Anything it cannot read as an object goes on untouched to JSON.parse.
 */
export function refuseByScan(text: string, limits: ResolvedRequestLimits): JSONRPCMessage | undefined {
  const found = scanJsonStructure(text);
  if (found === undefined || found.args === undefined || found.id === undefined || found.method === undefined) return undefined;
  const id = decode(found.id);
  const method = decode(found.method);
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof method !== 'string') return undefined;
  const { keys, items, depth } = found.args;
  const problem = countsProblem(keys, items, depth, limits);
  return problem === undefined ? undefined : boundsRefusal(id, method, found.name === undefined ? undefined : decode(found.name), problem);
}

export interface ArgumentCounts {
  keys: number;
  items: number;
  /** Deepest nesting, the arguments value itself being 1. */
  depth: number;
}

export interface ScannedEnvelope {
  /** Raw JSON text of the top-level `id`, `method` and `params.name` (the last of each), undecoded. */
  id?: string;
  method?: string;
  name?: string;
  /** Counts over the kept `params.arguments`, when it is an object or an array. */
  args?: ArgumentCounts;
}

/** One pass over `text`; undefined unless it starts as a JSON object. Never throws. */
export function scanJsonStructure(text: string): ScannedEnvelope | undefined {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_OBJECT) return undefined;
  const result: ScannedEnvelope = {};
  const isObject: boolean[] = []; // one entry per open container
  let expectKey = false;
  let field: string | undefined; // the envelope field whose value comes next
  let paramsDepth = -1; // depth of the kept params object while open
  let argsDepth = -1; // depth of the arguments container while open
  let counts: ArgumentCounts | undefined;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    const depth = isObject.length;
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (expectKey) {
        expectKey = false;
        field = depth === 1 || (depth === paramsDepth && argsDepth < 0) ? envelopeField(text.slice(i, end + 1), depth === 1) : undefined;
      } else if (field !== undefined) {
        record(result, field, text.slice(i, end + 1), depth === 1);
        field = undefined;
      }
      i = end + 1;
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (field === 'params') {
        paramsDepth = c === OPEN_OBJECT ? depth + 1 : -1;
        result.args = result.name = undefined;
      } else if (field === 'arguments') {
        argsDepth = depth + 1;
        counts = { keys: 0, items: 0, depth: 1 };
        result.args = counts;
      } else if (field !== undefined) record(result, field, '{', depth === 1);
      field = undefined;
      isObject.push(c === OPEN_OBJECT);
      expectKey = c === OPEN_OBJECT;
      if (argsDepth > 0 && counts !== undefined) {
        counts.depth = Math.max(counts.depth, depth + 2 - argsDepth);
        if (c === OPEN_ARRAY && text.charCodeAt(skipSpace(text, i + 1)) !== CLOSE_ARRAY) counts.items += 1;
      }
      i += 1;
      continue;
    }
    if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      isObject.pop();
      if (depth === argsDepth) argsDepth = -1;
      if (depth === paramsDepth) paramsDepth = -1;
      if (isObject.length === 0) return result;
    } else if (c === COMMA) {
      expectKey = isObject[depth - 1] === true;
      if (argsDepth > 0 && depth >= argsDepth && !expectKey && counts) counts.items += 1;
    } else if (c === COLON) {
      if (argsDepth > 0 && depth >= argsDepth && counts) counts.keys += 1;
    } else if (field !== undefined && c > 32) {
      // a number or literal value of an envelope field (an id like 7, or arguments: null)
      let end = i;
      while (end < n && !isDelimiter(text.charCodeAt(end))) end += 1;
      if (field === 'arguments') result.args = undefined;
      else if (field === 'params' && depth === 1) result.args = result.name = undefined;
      else record(result, field, text.slice(i, end), depth === 1);
      field = undefined;
      i = end;
      continue;
    }
    i += 1;
  }
  return undefined; // unterminated: JSON.parse will say so
}

/** Which kept field a key names: `id`/`method`/`params` at the top, `name`/`arguments` inside params. */
function envelopeField(raw: string, top: boolean): string | undefined {
  const name = raw.includes('\\') ? decode(raw) : raw.slice(1, -1);
  if (top) return name === 'id' || name === 'method' || name === 'params' ? name : undefined;
  return name === 'name' || name === 'arguments' ? name : undefined;
}

function record(result: ScannedEnvelope, field: string, raw: string, top: boolean): void {
  if (top && field === 'id') result.id = raw;
  else if (top && field === 'method') result.method = raw;
  else if (!top && field === 'name') result.name = raw;
  else if (!top && field === 'arguments') result.args = undefined;
  else if (top && field === 'params') result.args = result.name = undefined;
}

/** Index of the quote closing the string opened at `start` (a quote after an odd run of backslashes is escaped). */
function stringEnd(text: string, start: number): number {
  let at = start;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return text.length;
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes += 1;
    if (slashes % 2 === 0) return at;
  }
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
    i += 1;
  }
  return i;
}

function isDelimiter(c: number): boolean {
  return c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || c === 32 || c === 9 || c === 10 || c === 13;
}

function decode(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
