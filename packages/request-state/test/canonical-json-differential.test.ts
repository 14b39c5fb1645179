import { canonicalJson } from '../src/binding/canonical-json';
import { seededRandom } from './helpers';

// canonicalJson against its first, plain writing (kept here as the reference): the same text for random
// values of every JSON type, with keys and strings drawn from printable ASCII, the characters JSON escapes
// (quote, backslash, controls), DEL, non-ASCII and lone surrogates. FUZZ_SEED=n replays a seed.
const SEED = Number(process.env.FUZZ_SEED ?? 0xca70);

function reference(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value).replace(
        /[\u007f-\uffff]/g,
        (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(value))
        return `[${value.map((item) => (item === undefined || typeof item === 'function' ? 'null' : reference(item))).join(',')}]`;
      const record = value as Record<string, unknown>;
      const parts: string[] = [];
      for (const key of Object.keys(record).sort()) {
        const item = record[key];
        if (item === undefined || typeof item === 'function') continue;
        parts.push(`${reference(key)}:${reference(item)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      throw new TypeError(`cannot digest a ${typeof value}`);
  }
}

type Rnd = () => number;
const int = (rnd: Rnd, n: number) => Math.floor(rnd() * n);
const UNITS = [
  () => 0x20 + 0, // space
  (rnd: Rnd) => 0x21 + int(rnd, 0x5e), // printable ASCII, quote and backslash included
  () => 0x22,
  () => 0x5c,
  (rnd: Rnd) => int(rnd, 0x20), // controls
  () => 0x7f,
  (rnd: Rnd) => 0x80 + int(rnd, 0xff80), // non-ASCII, surrogates (paired or lone) included
];

function text(rnd: Rnd): string {
  const length = int(rnd, 12);
  const plain = rnd() < 0.5; // half the strings plain ASCII, the quick path's
  return String.fromCharCode(
    ...Array.from({ length }, () => (plain ? 0x23 + int(rnd, 0x39) : UNITS[int(rnd, UNITS.length)]!(rnd))),
  );
}

function value(rnd: Rnd, depth: number): unknown {
  switch (int(rnd, depth > 3 ? 6 : 9)) {
    case 0:
      return text(rnd);
    case 1:
      return [0, -0, 1.5, -7, 1e21, 1e-7, NaN, Infinity, -Infinity, 2 ** 53][int(rnd, 10)];
    case 2:
      return rnd() < 0.5;
    case 3:
      return null;
    case 4:
      return [undefined, () => 1][int(rnd, 2)];
    case 5:
      return int(rnd, 1000);
    case 6:
      return Array.from({ length: int(rnd, 4) }, () => value(rnd, depth + 1));
    default: {
      const record: Record<string, unknown> = {};
      // a few keys most often (sorted by insertion), sometimes many (by Array.prototype.sort)
      for (let i = int(rnd, rnd() < 0.1 ? 20 : 6); i > 0; i--) record[text(rnd)] = value(rnd, depth + 1);
      return rnd() < 0.2 ? Object.freeze(record) : record;
    }
  }
}

describe(`canonicalJson against its reference writing (seed ${SEED})`, () => {
  it('writes the same text for random values', () => {
    const rnd = seededRandom(SEED);
    for (let i = 0; i < 5_000; i++) {
      const input = value(rnd, 0);
      if (typeof input === 'function') expect(() => canonicalJson(input)).toThrow(TypeError);
      else expect(canonicalJson(input)).toBe(reference(input));
    }
  });

  it('writes plain ASCII as is and escapes the rest, DEL included', () => {
    expect(canonicalJson({ 'a b': 'x~!#' })).toBe('{"a b":"x~!#"}');
    expect(canonicalJson(['"', '\\', '\n', '\u007f', '\u00e9'])).toBe('["\\"","\\\\","\\n","\\u007f","\\u00e9"]');
  });
});
