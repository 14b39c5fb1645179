import { LegRetryPolicy } from '../src/rounds/leg-retry-policy';
import { mergeHooks } from '../src/rounds/merge-hooks';
import { retryingLegs } from '../src/rounds/retry-leg';
import type { RoundSeed } from '../src/rounds/run-rounds';
import type { LegRetryEvent } from '../src';

/** A 502 as the SDK hands it over: the leg may have run. */
const badGateway = () => Object.assign(new Error('bad gateway'), { name: 'SdkHttpError', data: { status: 502 } });

/**
 * The sender under test fails the first `failures` sends of every leg with a 502, and remembers each seed it
 * was given: the keys each resend carried.
 */
function legs(failures: number) {
  const seeds: RoundSeed[] = [];
  const retries: LegRetryEvent[] = [];
  let sent = 0;
  const send = retryingLegs<string>(
    async (seed) => {
      seeds.push(seed);
      if (sent++ % (failures + 1) < failures) throw badGateway();
      return 'done';
    },
    {
      call: { method: 'tools/call', name: 'charge', arguments: {} },
      policy: new LegRetryPolicy(),
      sleep: async () => undefined,
      hooks: mergeHooks({ onLegRetry: (e) => void retries.push(e) }),
    },
  );
  return { send, seeds, retries };
}

const answers = { confirm: { action: 'accept', content: { confirm: 'yes' } } } as const;
const signal = new AbortController().signal;

test('each leg gets a random key, the same on every resend of it, a new one for the next leg', async () => {
  const { send, seeds } = legs(2);
  await send({ requestState: 's1', inputResponses: answers, idempotentLeg: true }, signal);
  await send({ requestState: 's2', inputResponses: answers, idempotentLeg: true }, signal);
  const keys = seeds.map((s) => s.idempotencyKey);
  expect(keys).toHaveLength(6);
  expect(new Set(keys.slice(0, 3)).size).toBe(1);
  expect(new Set(keys.slice(3)).size).toBe(1);
  expect(keys[0]).not.toBe(keys[3]);
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
});

test('by default, a leg carrying answers is resent after an unknown outcome only when the server records it', async () => {
  const recorded = legs(1);
  await expect(
    recorded.send({ requestState: 's', inputResponses: answers, idempotentLeg: true }, signal),
  ).resolves.toBe('done');
  expect(recorded.retries.map((r) => [r.failure.kind, r.carriesAnswers, r.attempt])).toEqual([
    ['bad_gateway', true, 1],
  ]);
  const unrecorded = legs(1);
  await expect(unrecorded.send({ requestState: 's', inputResponses: answers }, signal)).rejects.toThrow('bad gateway');
  expect(unrecorded.retries).toEqual([]);
  expect(unrecorded.seeds).toHaveLength(1);
});
