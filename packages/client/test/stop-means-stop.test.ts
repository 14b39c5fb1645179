import { CallAbortedError, CallTimeoutError, TesseraClient, type TesseraClientOptions } from '../src';
import { recordingCallbacks } from './fixtures/callbacks.fixture';
import type { SeenLeg } from './fixtures/mrtr-server.fixture';
import { createFixtureHandler } from './fixtures/serve-fixture.fixture';

async function connected(seen: SeenLeg[], options: TesseraClientOptions = {}) {
  const client = new TesseraClient({ ...recordingCallbacks().callbacks, ...options });
  const handler = createFixtureHandler(seen);
  await client.connect({ fetch: (request) => handler.fetch(request) });
  return client;
}

/** The call's outcome, or 'HUNG' if it has not settled within `ms` (the timer is cleared, so jest does not wait on it). */
async function within<T>(p: Promise<T>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise((r) => (timer = setTimeout(() => r('HUNG'), ms)));
  try {
    return await Promise.race([
      p.then(
        () => 'settled',
        (e: unknown) => e,
      ),
      hung,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a stopped call stops, whatever the callbacks do', () => {
  let client: TesseraClient | undefined;
  afterEach(() => client?.close());

  test('timeoutMs ends the call even when the elicitation callback ignores its signal', async () => {
    client = await connected([], { elicitation: () => new Promise(() => {}) });
    const outcome = await within(
      client.callTool({ name: 'greet', arguments: { greeting: 'Hi' } }, { timeoutMs: 100 }),
      2000,
    );
    expect(outcome).toBeInstanceOf(CallTimeoutError);
  });

  test("the caller's abort ends the call even when the callback ignores its signal", async () => {
    client = await connected([], { elicitation: () => new Promise(() => {}) });
    const ac = new AbortController();
    const call = client.callTool({ name: 'greet', arguments: { greeting: 'Hi' } }, { signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    expect(await within(call, 2000)).toBeInstanceOf(CallAbortedError);
  });

  test('a timeoutMs beyond what a timer holds does not fire at once', async () => {
    client = await connected([]);
    const result = await client.callTool({ name: 'steps', arguments: { plan: 'SS' } }, { timeoutMs: 2 ** 31 });
    expect(result.content).toEqual([{ type: 'text', text: 'done after 2 rounds' }]);
  });

  test.each([0, -5, Number.NaN])('timeoutMs %p is refused with a RangeError', async (timeoutMs) => {
    client = await connected([]);
    await expect(client.callTool({ name: 'steps', arguments: { plan: 'S' } }, { timeoutMs })).rejects.toBeInstanceOf(
      RangeError,
    );
  });

  test('fulfil with an already aborted signal puts no question to the user', async () => {
    const asked: string[] = [];
    const c = new TesseraClient({
      elicitation: async (params) => (asked.push(params.message), { action: 'accept', content: { ok: true } }),
    });
    const ac = new AbortController();
    ac.abort(new Error('stop'));
    const request = {
      method: 'elicitation/create',
      params: { mode: 'form', message: 'Delete prod?', requestedSchema: { type: 'object', properties: {} } },
    } as never;
    await expect(c.fulfil({ q: request }, { signal: ac.signal })).rejects.toBeDefined();
    expect(asked).toEqual([]);
  });

  test('an abort that lands during a round hook stops the question from being asked', async () => {
    const asked: string[] = [];
    let entered!: () => void;
    const inHook = new Promise<void>((resolve) => (entered = resolve));
    let finish!: () => void;
    const hookMayEnd = new Promise<void>((resolve) => (finish = resolve));
    let ended!: () => void;
    const hookEnded = new Promise<void>((resolve) => (ended = resolve));
    client = await connected([], {
      elicitation: async (params) => (asked.push(params.message), { action: 'accept', content: { name: 'Ada' } }),
      hooks: {
        onRound: async () => {
          entered();
          await hookMayEnd;
          ended();
        },
      },
    });
    const ac = new AbortController();
    const call = client.callTool({ name: 'greet', arguments: { greeting: 'Hi' } }, { signal: ac.signal });
    await inHook;
    ac.abort();
    await expect(call).rejects.toBeInstanceOf(CallAbortedError);
    finish(); // let the hook finish: the question must still not be asked
    await hookEnded;
    await new Promise((resolve) => setImmediate(resolve)); // whatever the hook's end set off has run
    expect(asked).toEqual([]);
  });
});
