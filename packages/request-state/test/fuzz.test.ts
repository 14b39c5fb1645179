import { InvalidRequestStateError, INVALID_REQUEST_STATE_MESSAGE, RequestStateSecurity } from '@tessera/request-state';
import { CALL, seededRandom } from './helpers';

const CASES = 100_000;
// FUZZ_SEED=n replays another seed; the seed is in the test's name, so a failure prints it.
const SEED = Number(process.env.FUZZ_SEED ?? 0x7e55e7a);

const security = new RequestStateSecurity({
  keys: ['fuzz-key-'.padEnd(48, 'z'), 'fuzz-old-'.padEnd(48, 'o')],
  audience: 'srv',
});
const sealer = security.forServer(undefined);
const BINDING = { ...CALL, principal: 'alice' };
let originals: string[] = [];
beforeAll(async () => {
  originals = await Promise.all(
    [null, 'x', { big: 'y'.repeat(300), n: [1, 2, 3] }].map((s) => sealer.seal(s, BINDING)),
  );
});
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const NOISE = ALPHABET + '+/=. \n\t\r%\u00e9\u0000\ud800';

type Mutator = (token: string, rnd: () => number) => string;
const int = (rnd: () => number, n: number) => Math.floor(rnd() * n);
const bodyOf = (token: string) => Buffer.from(token.slice(3), 'base64url');
const withBody = (bytes: Buffer) => 'v1.' + bytes.toString('base64url');

const mutators: Array<[string, Mutator]> = [
  [
    'bit flips in the body',
    (t, rnd) => {
      const bytes = bodyOf(t);
      for (let i = 0, n = 1 + int(rnd, 3); i < n; i++) bytes[int(rnd, bytes.length)]! ^= 1 << int(rnd, 8);
      return withBody(bytes);
    },
  ],
  [
    'byte insertion',
    (t, rnd) => {
      const bytes = bodyOf(t);
      const at = int(rnd, bytes.length + 1);
      return withBody(Buffer.concat([bytes.subarray(0, at), Buffer.from([int(rnd, 256)]), bytes.subarray(at)]));
    },
  ],
  [
    'byte deletion',
    (t, rnd) => {
      const bytes = bodyOf(t);
      const at = int(rnd, bytes.length);
      return withBody(Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1 + int(rnd, 3))]));
    },
  ],
  [
    'character substitution',
    (t, rnd) => {
      const at = int(rnd, t.length);
      return t.slice(0, at) + NOISE[int(rnd, NOISE.length)] + t.slice(at + 1);
    },
  ],
  [
    'character insertion',
    (t, rnd) => {
      const at = int(rnd, t.length + 1);
      return t.slice(0, at) + NOISE[int(rnd, NOISE.length)] + t.slice(at);
    },
  ],
  [
    'character deletion',
    (t, rnd) => {
      const at = int(rnd, t.length);
      return t.slice(0, at) + t.slice(at + 1);
    },
  ],
  ['truncation', (t, rnd) => t.slice(0, int(rnd, t.length))],
  ['padding', (t, rnd) => t + '='.repeat(1 + int(rnd, 3))],
  ['standard base64 alphabet', (t) => 'v1.' + bodyOf(t).toString('base64')],
  [
    'whitespace',
    (t, rnd) => {
      const ws = [' ', '\n', '\r\n', '\t'][int(rnd, 4)]!;
      const at = int(rnd, t.length + 1);
      return t.slice(0, at) + ws + t.slice(at);
    },
  ],
  [
    'block swap',
    (t, rnd) => {
      const bytes = bodyOf(t);
      const a = int(rnd, bytes.length - 16);
      const b = int(rnd, bytes.length - 16);
      const copy = Buffer.from(bytes);
      bytes.copy(copy, a, b, b + 16);
      return withBody(copy);
    },
  ],
  [
    'random token',
    (_, rnd) => {
      const n = int(rnd, 120);
      let s = rnd() < 0.7 ? 'v1.' : '';
      for (let i = 0; i < n; i++) s += ALPHABET[int(rnd, 64)];
      return s;
    },
  ],
  [
    'random bytes, canonically encoded',
    (_, rnd) => withBody(Buffer.from(Array.from({ length: 32 + int(rnd, 200) }, () => int(rnd, 256)))),
  ],
];

describe('fuzz', () => {
  it(`refuses ${CASES} mutated, truncated, re-encoded and random tokens, always with InvalidRequestStateError (seed ${SEED})`, async () => {
    const rnd = seededRandom(SEED);
    const accepted: string[] = [];
    const wrongErrors: string[] = [];
    const perMutator = new Map<string, number>();
    let cases = 0;
    // stack capture is V8 bookkeeping on every refusal, not what is under test: ~15% of the run
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    const started = performance.now();
    try {
      while (cases < CASES) {
        const [name, mutate] = mutators[int(rnd, mutators.length)]!;
        const original = originals[int(rnd, originals.length)]!;
        const token = mutate(original, rnd);
        if (originals.includes(token)) continue; // a no-op mutation is not a forgery
        cases++;
        perMutator.set(name, (perMutator.get(name) ?? 0) + 1);
        try {
          await sealer.open(token, BINDING);
          accepted.push(`${name}: ${token}`);
        } catch (error) {
          if (!(error instanceof InvalidRequestStateError) || error.message !== INVALID_REQUEST_STATE_MESSAGE) {
            wrongErrors.push(`${name}: ${String(error)}`);
          }
        }
      }
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    const elapsed = performance.now() - started;
    expect(accepted).toEqual([]);
    expect(wrongErrors).toEqual([]);
    expect(perMutator.size).toBe(mutators.length); // every kind of mutation ran
    expect(Math.min(...perMutator.values())).toBeGreaterThan(CASES / mutators.length / 2);
    // the originals still open: the harness itself is not refusing everything
    for (const original of originals) await sealer.open(original, BINDING); // rejects if one no longer opens
    process.stdout.write(`fuzz: ${CASES} cases in ${elapsed.toFixed(0)} ms\n`);
  }, 60_000);
});
