import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_REQUEST_LIMITS, type ResolvedRequestLimits } from '../../src/limits/request-limits';
import { checkArgumentBounds } from '../../src/limits/check-argument-bounds';
import { checkOutsideBounds } from '../../src/limits/check-outside-bounds';
import { scanRefusal } from '../../src/limits/refuse-by-scan';
import { seededRandom } from '../support/seeded-random';

// Random documents, written with random whitespace and random escapes, against counting on the
// JSON.parse result: the scan must give exactly the post-parse checks' answer (never refuse what they
// accept, never let through what they refuse), over arguments and over the rest of the request. Names
// are unique inside each object; a repeated `params` or `arguments` (sometimes sent) is the one
// documented difference: its discarded value still counts outside arguments in the scan, which may
// then refuse more, never less (scan-json-structure.test.ts). FUZZ_SEED=n reruns one seed.

const STRINGS = [
  '',
  'a',
  '"',
  '\\',
  '\\"',
  '"\\',
  'x:y',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  'arguments',
  '"arguments":{"a":1',
  'params',
  'é',
  '\u{1F600}',
  '\u2028',
  '\u0000\u001f',
  'ключ',
];
const KEYS = [
  'a',
  'b',
  'name',
  'arguments',
  'params',
  'id',
  'method',
  '"',
  '\\',
  'k:1',
  '{}',
  '__proto__',
  '0',
  'é',
  ' ',
];
const NUMBERS = ['0', '-1', '3.25', '1e3', '-2.5E-2', '12345678901234567890', '1E+2'];

class Writer {
  constructor(readonly random: () => number) {}

  pick<T>(from: readonly T[]): T {
    return from[(this.random() * from.length) | 0]!; // `| 0` rather than Math.floor, for the same reason
  }

  space(): string {
    return this.random() < 0.7 ? '' : this.pick([' ', '\n', '\t', '\r\n', '  ']);
  }

  /** A JSON string with some characters escaped at random (\uXXXX, \/ ...), as a client may send it. */
  string(value: string): string {
    let out = '"';
    for (const ch of value) {
      const code = ch.codePointAt(0)!;
      if (ch === '"' || ch === '\\' || code < 0x20) out += JSON.stringify(ch).slice(1, -1);
      else if (code < 0x80 && this.random() < 0.15) out += `\\u${code.toString(16).padStart(4, '0')}`;
      else if (ch === '/' && this.random() < 0.5) out += '\\/';
      else out += ch;
    }
    return out + '"';
  }

  randomString(): string {
    const r = this.random();
    if (r < 0.7) return this.pick(STRINGS);
    // lengths around 32 bytes, where the scan switches from walking bytes to indexOf
    let s = '';
    const length = 20 + ((this.random() * 50) | 0);
    while (s.length < length) s += this.pick(['v', 'w', '"', '\\', 'é', ':']);
    return s;
  }

  value(depth: number): string {
    // containers get rarer with depth, so documents stay small (a few hundred bytes) yet reach depth 6
    const r = this.random();
    if (depth > 6 || r < 0.3 + depth * 0.14) return this.scalar();
    if (r < 0.6 + depth * 0.07) return this.array(depth);
    return this.object(depth, {});
  }

  scalar(): string {
    const r = this.random();
    if (r < 0.4) return this.string(this.randomString());
    if (r < 0.8) return this.pick(NUMBERS);
    return this.pick(['true', 'false', 'null']);
  }

  array(depth: number): string {
    const n = (this.random() * 6) | 0;
    const items = Array.from({ length: n }, () => this.space() + this.value(depth + 1) + this.space());
    return `[${items.join(',') || this.space()}]`;
  }

  /** An object with distinct names; `fixed` members (raw JSON text) are placed among them at random. */
  object(depth: number, fixed: Record<string, string>): string {
    const names = KEYS.filter((k) => !(k in fixed) && this.random() < 0.3);
    const members = names.map((k) => [k, this.value(depth + 1)] as const);
    for (const [k, v] of Object.entries(fixed)) members.splice((this.random() * (members.length + 1)) | 0, 0, [k, v]);
    const text = members.map(
      ([k, v]) => `${this.space()}${this.string(k)}${this.space()}:${this.space()}${v}${this.space()}`,
    );
    return `{${text.join(',') || this.space()}}`;
  }
}

function randomCall(w: Writer): { text: string; duplicated: boolean } {
  let duplicated = false;
  const params: Record<string, string> = {};
  if (w.random() < 0.9) params.name = w.string(w.pick(['provision', 'a"b', 'é\u{1F600}', '']));
  const args = w.random() < 0.45 ? w.object(1, {}) : w.random() < 0.8 ? w.array(1) : w.scalar();
  // sometimes a second `arguments` or `params`: JSON.parse keeps the last, and so must the scan
  params.arguments = args;
  if (w.random() < 0.3) params._meta = w.value(1);
  if (w.random() < 0.2) params.inputResponses = w.object(1, {});
  let paramsText = w.object(0, params);
  if (w.random() < 0.1) {
    paramsText = paramsText.replace(/}$/, `,"arguments":${w.value(1)}}`);
    duplicated = true;
  }
  const top: Record<string, string> = {
    jsonrpc: '"2.0"',
    id: w.pick(['1', '"req-1"', '-7', '"\\u0069d"', 'null', '2.5']),
    method: w.string(w.pick(['tools/call', 'tools/call', 'prompts/get', 'tools/list', 'resources/read'])),
    params: w.random() < 0.95 ? paramsText : w.array(1),
  };
  if (w.random() < 0.15) top.arguments = w.object(1, {});
  let text = w.object(0, top);
  if (w.random() < 0.1) {
    text = text.replace(/}$/, `,"params":${w.object(0, { arguments: w.value(1) })}}`);
    duplicated = true;
  }
  return { text: w.space() + text + w.space(), duplicated };
}

describe('the scan agrees with counting on the JSON.parse result', () => {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
  test(`random documents, random limits (seed ${seed}; FUZZ_SEED=${seed} replays it)`, () => {
    const w = new Writer(seededRandom(seed));
    let refused = 0;
    let refusedOutside = 0;
    let accepted = 0;
    let size = 0;
    for (let round = 0; round < 4000; round += 1) {
      const { text, duplicated } = randomCall(w);
      size += text.length;
      const limits: ResolvedRequestLimits = {
        ...DEFAULT_REQUEST_LIMITS,
        maxArgumentKeys: 1 + ((w.random() * 10) | 0),
        maxArrayItems: 1 + ((w.random() * 10) | 0),
        maxArgumentDepth: 1 + ((w.random() * 5) | 0),
        // half the time out of reach, so the argument bounds are exercised on their own too; else from
        // crossed by the envelope alone (1) to a few hundred members, 8 levels
        maxMembersOutsideArguments: w.random() < 0.5 ? 100_000 : 1 + ((w.random() * w.random() * 400) | 0),
        maxDepthOutsideArguments: w.random() < 0.5 ? 100 : 1 + ((w.random() * 8) | 0),
      };
      const message = JSON.parse(text) as { id?: unknown };
      const expected = checkArgumentBounds(message, limits) ?? checkOutsideBounds(message, limits);
      const scanned = scanRefusal(Buffer.from(text, 'utf8'), limits);
      const context = () => `seed ${seed}, round ${round}, limits ${JSON.stringify(limits)}: ${text}`;
      // an id that is neither string nor number is answered with null by both (answerable-id.ts)
      if (duplicated) {
        // a discarded value counts in the scan alone: it refuses whatever the post-parse checks refuse
        if (expected && !scanned)
          expect({ context: context(), scanned }).toEqual({ context: context(), scanned: 'a refusal' });
        continue;
      }
      // compared first without expect: thousands of deep toEqual calls with their context cost seconds
      if (!isDeepStrictEqual(scanned, expected))
        expect({ context: context(), scanned }).toEqual({ context: context(), scanned: expected });
      if (expected) refused += 1;
      else accepted += 1;
      if (JSON.stringify(expected ?? '').includes('outside arguments')) refusedOutside += 1;
    }
    process.stdout.write(
      `seed ${seed}: ${refused} refused (${refusedOutside} outside arguments), ${accepted} accepted by both; ${Math.round(size / 4000)} bytes on average\n`,
    );
    expect(refused).toBeGreaterThan(400); // the documents do cross the limits, and often
    expect(refusedOutside).toBeGreaterThan(200);
    expect(accepted).toBeGreaterThan(400);
  });
});
