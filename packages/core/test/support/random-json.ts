/**
 * Random JSON for the lane's differential fuzz tests (classify-inbound, call-tool-arguments,
 * call-tool-result-check): scalars a schema may trip on, arrays, and objects with keys drawn from `keys`
 * (with `__proto__` as an own key, as JSON.parse makes it).
 */
export type Next = () => number;

export const pick = <T>(next: Next, from: readonly T[]): T => from[Math.floor(next() * from.length)]!;

/** A value `set` removes instead of writing. */
export const DROP = Symbol('drop');

const SCALARS = [0, 1, -0, 1.5, -7, 2 ** 53, 1e300, '', 'x', '2026-07-28', ' 2026-07-28', true, false, null];
const KEYS = [
  'a',
  'name',
  'version',
  'listChanged',
  'form',
  'context',
  'icons',
  'jsonrpc',
  'id',
  'method',
  '__proto__',
];

export function randomJson(next: Next, keys: readonly string[] = KEYS, depth = 0): unknown {
  const r = next();
  if (depth > 3 || r < 0.45) return pick(next, SCALARS);
  if (r < 0.6) return Array.from({ length: Math.floor(next() * 3) }, () => randomJson(next, keys, depth + 1));
  const out: Record<string, unknown> = {};
  for (let n = Math.floor(next() * 4); n > 0; n--) set(out, pick(next, keys), randomJson(next, keys, depth + 1));
  return out;
}

/** Writes `key` as an own property (even `__proto__`), or removes it for `DROP`. */
export function set(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value === DROP) delete target[key];
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Strings JSON escapes in every way: quotes, backslashes, controls, lone and paired surrogates, non-ASCII. */
const ESCAPED_TEXTS = [
  '',
  'hi',
  'say "hi"',
  'a\\b',
  'line\nbreak\t\u0000\u001f\u007f',
  '\ud800',
  '\udc00x',
  '😀',
  'é',
  '\u2028\u2029',
];

/** A string of up to `most` pieces of ESCAPED_TEXTS, for the tests of JSON written by hand (the *-json.ts writers). */
export function randomText(next: Next, most = 3): string {
  let text = '';
  for (let n = Math.floor(next() * (most + 1)); n > 0; n--) text += pick(next, ESCAPED_TEXTS);
  return text;
}

/** An object JSON.stringify writes through its own `toJSON`, which a JSON writer must leave to it. */
export class WithToJson {
  a = 1;
  toJSON(key: string) {
    return `written for ${key}`;
  }
}
