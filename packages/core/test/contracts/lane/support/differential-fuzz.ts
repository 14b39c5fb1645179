import { send, type Answer, type Pair, type Raw } from '../../../e2e/support/two-paths';

/**
 * The parts the direct paths' seeded differential fuzz tests share (direct-tool-calls.fuzz.test.ts,
 * direct-reads.fuzz.test.ts): random picks, and the answers of an app's two listeners, which must agree.
 */

/** A field a random request leaves out (`present` drops it). */
export const ABSENT = Symbol('absent');

/** One of `from`, chosen by the seeded `next`. */
export const pick = <T>(next: () => number, from: readonly T[]): T => from[Math.floor(next() * from.length)]!;

/** `entries` without the ones that are ABSENT. */
export const present = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== ABSENT));

/** What must agree: status, content type and bytes, error references masked (random on each answer). */
const comparable = (a: Answer) => ({
  status: a.status,
  contentType: a.contentType,
  text: a.text.replace(/ref [0-9a-f]{8}/g, 'ref <ref>'),
});

/** Sends `raw` to both listeners and expects the same answer; a failure names the seed and the case. */
export async function expectSameAnswers(paths: Pair, raw: Raw, at: { seed: number; case: number }): Promise<void> {
  const fast = await send(paths.fast, raw);
  const sdk = await send(paths.sdk, raw);
  expect({ ...at, request: raw, answer: comparable(fast) }).toEqual({ ...at, request: raw, answer: comparable(sdk) });
}
