import type { TesseraApp } from '@tessera/core';
import { listen, type HttpListener } from '@tessera/core/node';
import { send, type Answer, type Raw } from './two-paths';

/**
 * The parts the direct paths' seeded differential fuzz tests share (direct-tool-calls.fuzz.test.ts,
 * direct-reads.fuzz.test.ts): random picks, and one app on two listeners whose answers must agree.
 */

/** A field a random request leaves out (`present` drops it). */
export const ABSENT = Symbol('absent');

/** One of `from`, chosen by the seeded `next`. */
export const pick = <T>(next: () => number, from: readonly T[]): T => from[Math.floor(next() * from.length)]!;

/** `entries` without the ones that are ABSENT. */
export const present = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== ABSENT));

/**
 * For the file: `makeApp`'s app on two loopback listeners, the first with the fast path and the second
 * without it, opened before its tests and closed after them.
 */
export function fastAndSdkListeners(makeApp: () => TesseraApp): readonly HttpListener[] {
  let app: TesseraApp | undefined;
  const listeners: HttpListener[] = [];
  beforeAll(async () => {
    app = makeApp();
    listeners.push(await listen(app, { port: 0 }), await listen(app, { port: 0, fastPath: false }));
  });
  afterAll(async () => {
    await Promise.all(listeners.map((l) => l.close()));
    await app?.close();
  });
  return listeners;
}

/** What must agree: status, content type and bytes, error references masked (random on each answer). */
const comparable = (a: Answer) => ({
  status: a.status,
  contentType: a.contentType,
  text: a.text.replace(/ref [0-9a-f]{8}/g, 'ref <ref>'),
});

/** Sends `raw` to both listeners and expects the same answer; a failure names the seed and the case. */
export async function expectSameAnswers(
  listeners: readonly HttpListener[],
  raw: Raw,
  at: { seed: number; case: number },
): Promise<void> {
  const fast = await send(listeners[0]!.url, raw);
  const sdk = await send(listeners[1]!.url, raw);
  expect({ ...at, request: raw, answer: comparable(fast) }).toEqual({ ...at, request: raw, answer: comparable(sdk) });
}
