import { randomBytes } from 'node:crypto';
import {
  createApp,
  MemorySingleUseStore,
  RequestStateSecurity,
  silentLogger,
  type LogFields,
  type Guard,
  type SingleUseStore,
} from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { Deployer } from './mrtr-fixtures';

const caps = { elicitation: {} };
const FIXED = { code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } };
const KEY = randomBytes(32);
const answerFirst = { first: { action: 'accept', content: { region: 'eu' } } };

/** One instance of a fleet: the shared key, the shared store, its own log. */
function instance(
  store: SingleUseStore,
  logs: Array<[string, string, LogFields | undefined]> = [],
  guards: Guard[] = [],
) {
  const log = (level: string) => (m: string, f?: LogFields) => void logs.push([level, m, f]);
  return createApp({
    name: 'fleet',
    version: '1',
    providers: [Deployer],
    guards,
    security: new RequestStateSecurity({ keys: [KEY], singleUse: store, singleUseTimeoutMs: 200 }) as never,
    logger: { ...silentLogger, warn: log('warn'), error: log('error') },
  });
}

const firstLeg = async (a: { fetch(r: Request): Promise<Response> }) =>
  (await sendRaw(a, 'tools/call', { name: 'sequential', arguments: {} }, { capabilities: caps })).body.result!
    .requestState as string;
const retry = (a: { fetch(r: Request): Promise<Response> }, requestState: string, id = 2) =>
  sendRaw(
    a,
    'tools/call',
    { name: 'sequential', arguments: {}, requestState, inputResponses: answerFirst },
    { capabilities: caps, id },
  );

describe('RequestStateSecurity({ singleUse }) in a decorated server', () => {
  test('a retry consumes its state: the same retry again, on this instance or another sharing the store, gets the fixed -32602', async () => {
    const store = new MemorySingleUseStore();
    const logs: Array<[string, string, LogFields | undefined]> = [];
    const a = instance(store, logs);
    const b = instance(store, logs);
    const state = await firstLeg(a);
    const first = await retry(b, state);
    expect(Object.keys(first.body.result?.inputRequests ?? {})).toEqual(['second']);
    expect((await retry(a, state, 3)).body.error).toEqual(FIXED);
    expect((await retry(b, state, 4)).body.error).toEqual(FIXED);
    expect(logs.filter(([, m, f]) => m === 'requestState refused' && f?.reason === 'replayed')).toHaveLength(2);
    // The next leg's state is a new token, good once.
    const next = first.body.result!.requestState as string;
    const done = await sendRaw(
      a,
      'tools/call',
      {
        name: 'sequential',
        arguments: {},
        requestState: next,
        inputResponses: { second: { action: 'accept', content: { answer: 'yes' } } },
      },
      { capabilities: caps, id: 5 },
    );
    expect(done.body.error).toBeUndefined();
  });

  test('the store does not answer: the leg is refused (fail closed) as retryable, -31503 with retryAfterMs, and one clear log line', async () => {
    const logs: Array<[string, string, LogFields | undefined]> = [];
    const down: SingleUseStore = { consume: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')) };
    const a = instance(down, logs);
    const state = await firstLeg(a); // the first leg carries no state: the store is not needed
    const r = await retry(a, state);
    expect(r.body.error).toEqual({
      code: -31503,
      message: expect.stringMatching(
        /^Service unavailable: the single-use state store did not answer; the leg did not run, send it again \(ref [0-9a-f]{8}\)$/,
      ),
      data: { reason: 'store_unavailable', retryAfterMs: 1000 },
    });
    const line = logs.find(([, m]) => m === 'requestState single-use store unavailable: leg refused (fail closed)');
    expect(line?.[0]).toBe('error');
    expect(line?.[2]).toMatchObject({
      method: 'tools/call',
      target: 'sequential',
      ref: r.body.error!.message.slice(-9, -1),
    });
    expect(JSON.stringify(logs)).not.toContain(state.slice(3, 20));
  });

  test('a leg refused before its handler ran (a guard) does not burn its token: the same retry then goes through', async () => {
    const store = new MemorySingleUseStore();
    let refuseNext = false;
    const flaky: Guard = { canActivate: () => !refuseNext };
    const a = instance(store, [], [flaky]);
    const state = await firstLeg(a);
    refuseNext = true;
    const refused = await retry(a, state);
    expect(refused.body.result).toMatchObject({ isError: true });
    refuseNext = false;
    const again = await retry(a, state, 3);
    expect(Object.keys(again.body.result?.inputRequests ?? {})).toEqual(['second']);
    // a leg that asked (the next question) has spent the token: its answer carries the next one
    expect((await retry(a, state, 4)).body.error).toEqual(FIXED);
  });
});
