import { Server } from '@modelcontextprotocol/server';
import { flowClock, flowsApp } from './two-paths-flows.fixture';
import {
  bothPaths,
  headers,
  meta,
  pairOpener,
  send,
  type Answer,
  type Pair,
  type Raw,
} from '../../e2e/support/two-paths';

/**
 * The two-paths contract for the legs of a flow: a first leg that asks, a leg carrying answers and a sealed
 * state, and every way one can go wrong, sent alike to a listener with the fast lane (which serves them
 * without the SDK's per-request server) and to one without it (`fastPath: false`). Every answer must be
 * the same, byte for byte (sealed states blanked: they differ on every answer); both listeners serve one
 * app, so a state sealed by either opens on both.
 */
const pair = pairOpener();
let fast: URL;
let sdk: URL;
beforeAll(async () => ({ fast, sdk } = await pair(flowsApp())));
afterEach(() => jest.restoreAllMocks());

const ASKS = { elicitation: {} };
const accept = (content: object) => ({ action: 'accept', content });

/** A tools/call of `name`; `params` adds answers, a state or another `_meta`. */
function call(
  name: string,
  args: object = {},
  params: Record<string, unknown> = {},
  capabilities: object = ASKS,
  extraHeaders: Record<string, string> = {},
): Raw {
  return {
    headers: headers('tools/call', name, extraHeaders),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args, _meta: meta(capabilities), ...params },
    }),
  };
}

/** Sends `raw` to both paths (the same answer expected) and counts the SDK servers the fast path built. */
async function same(raw: Raw, on: Pair = { fast, sdk }): Promise<{ answer: Answer; sdkServers: number }> {
  const connect = jest.spyOn(Server.prototype, 'connect');
  const answer = await bothPaths(on.fast, on.sdk, raw);
  const sdkServers = connect.mock.calls.length - 1; // the SDK path's own
  connect.mockRestore();
  return { answer, sdkServers };
}

/** The state a leg answered with (from the fast path: both paths seal with one key). */
function stateOf(answer: Answer): string {
  const state = (answer.body as { result?: { requestState?: unknown } }).result?.requestState;
  if (typeof state !== 'string') throw new Error(`no state in ${answer.text}`);
  return state;
}

async function firstLegState(name: string, args: object = {}, on: Pair = { fast, sdk }): Promise<string> {
  return stateOf(await send(on.fast, call(name, args)));
}

describe('legs served without an SDK server, answered as the SDK path answers them', () => {
  it('a two-question flow, leg by leg: asks, asks the next, completes', async () => {
    const args = { name: 'db' };
    const leg1 = await same(call('provision', args));
    expect(leg1.sdkServers).toBe(0);
    expect(leg1.answer.body).toMatchObject({ result: { resultType: 'input_required', inputRequests: { region: {} } } });
    const leg2 = await same(
      call('provision', args, {
        inputResponses: { region: accept({ region: 'eu' }) },
        requestState: stateOf(leg1.answer),
      }),
    );
    expect(leg2.sdkServers).toBe(0);
    expect(leg2.answer.body).toMatchObject({ result: { resultType: 'input_required', inputRequests: { sure: {} } } });
    const leg3 = await same(
      call('provision', args, {
        inputResponses: { sure: accept({ answer: 'yes' }) },
        requestState: stateOf(leg2.answer),
      }),
    );
    expect(leg3.sdkServers).toBe(0);
    expect(leg3.answer.body).toMatchObject({ result: { content: [{ text: 'db in eu (yes)' }] } });
  });

  it.each([
    ['an answer that does not fit its question (asked again, saying why)', { region: accept({ region: 'mars' }) }],
    ['an answer that is no object (dropped by the SDK)', { region: 5 }],
    [
      'a wrapped answer (dropped by the SDK)',
      { region: { method: 'elicitation/create', result: accept({ region: 'eu' }) } },
    ],
    ['an answer to a question never asked', { elsewhere: accept({ region: 'eu' }) }],
    ['a declined answer the tool needs', { region: { action: 'decline' } }],
    ['a cancelled answer', { region: { action: 'cancel' } }],
  ])('%s', async (_what, inputResponses) => {
    const state = await firstLegState('provision', { name: 'db' });
    expect((await same(call('provision', { name: 'db' }, { inputResponses, requestState: state }))).sdkServers).toBe(0);
  });

  it('a decline a tool sees', async () => {
    const state = await firstLegState('polite');
    await same(call('polite', {}, { inputResponses: { choice: { action: 'decline' } }, requestState: state }));
  });

  it.each([
    ['a tampered state', (s: string) => s.slice(0, -4) + (s.endsWith('AAAA') ? 'BBBB' : 'AAAA')],
    ['a state cut short', (s: string) => s.slice(0, 20)],
    ['a forged state', () => 'forged'],
    ['an empty state', () => ''],
  ])('%s: the fixed -32602', async (_what, spoil) => {
    const state = await firstLegState('provision', { name: 'db' });
    const raw = call(
      'provision',
      { name: 'db' },
      { inputResponses: { region: accept({ region: 'eu' }) }, requestState: spoil(state) },
    );
    const { answer, sdkServers } = await same(raw);
    expect(sdkServers).toBe(0);
    expect(answer.body).toMatchObject({ error: { code: -32602, message: 'Invalid or expired requestState' } });
  });

  it('an expired state: the fixed -32602', async () => {
    const state = await firstLegState('provision', { name: 'db' });
    const raw = call(
      'provision',
      { name: 'db' },
      { inputResponses: { region: accept({ region: 'eu' }) }, requestState: state },
    );
    flowClock.now += 3_600_000;
    try {
      expect((await same(raw)).answer.body).toMatchObject({ error: { code: -32602 } });
    } finally {
      flowClock.now -= 3_600_000;
    }
  });

  it('a state sealed for other arguments: the fixed -32602', async () => {
    const state = await firstLegState('provision', { name: 'db' });
    const raw = call(
      'provision',
      { name: 'cache' },
      { inputResponses: { region: accept({ region: 'eu' }) }, requestState: state },
    );
    expect((await same(raw)).answer.body).toMatchObject({ error: { code: -32602 } });
  });

  it('a state of another tool: the fixed -32602', async () => {
    const state = await firstLegState('polite');
    const raw = call('nosy', {}, { inputResponses: { choice: accept({ region: 'eu' }) }, requestState: state });
    expect((await same(raw)).answer.body).toMatchObject({ error: { code: -32602 } });
  });

  it.each([
    ['a null state (no state)', { requestState: null }],
    ['a state that is no string', { requestState: 7 }],
    ['answers that are null', { inputResponses: null }],
    ['answers that are an array', { inputResponses: [] }],
  ])('%s: screened alike', async (_what, params) => {
    await same(call('provision', { name: 'db' }, params));
  });

  it('bad arguments on a leg carrying answers', async () => {
    const state = await firstLegState('provision', { name: 'db' });
    await same(
      call('provision', { name: 7 }, { inputResponses: { region: accept({ region: 'eu' }) }, requestState: state }),
    );
  });

  it('what the context holds: the bare answers, the dropped keys, the state', async () => {
    const state = await firstLegState('nosy');
    const inputResponses = { choice: accept({ region: 'us' }), wrapped: { result: {} }, bad: 'no' };
    const { answer, sdkServers } = await same(call('nosy', {}, { inputResponses, requestState: state }));
    expect(sdkServers).toBe(0);
    const report = JSON.parse((answer.body as { result: { content: { text: string }[] } }).result.content[0]!.text);
    expect(report).toMatchObject({ choice: 'us', dropped: ['wrapped', 'bad'], state: 'string' });
  });

  it('`__proto__` as an answer key', async () => {
    const state = await firstLegState('nosy');
    const raw = call('nosy', {}, { requestState: state });
    const body = raw.body!.replace(
      '"requestState"',
      `"inputResponses":{"__proto__":{"choice":${JSON.stringify(accept({ region: 'eu' }))}}},"requestState"`,
    );
    await same({ ...raw, body });
  });

  it('a leg that logs (at the level asked) and reports progress: the same event stream', async () => {
    const state = await firstLegState('chattyAsk');
    const raw = call(
      'chattyAsk',
      {},
      {
        inputResponses: { choice: accept({ region: 'eu' }) },
        requestState: state,
        _meta: { ...meta(ASKS), progressToken: 'p', 'io.modelcontextprotocol/logLevel': 'info' },
      },
    );
    const { answer, sdkServers } = await same(raw);
    expect(sdkServers).toBe(0);
    expect(answer.contentType).toBe('text/event-stream');
  });
});

describe("a tool's own input-required result, through the SDK's seam on both paths", () => {
  it('its own state, round trip', async () => {
    const leg1 = await same(call('direct'));
    expect(leg1.sdkServers).toBe(0);
    await same(call('direct', {}, { inputResponses: { ok: accept({}) }, requestState: stateOf(leg1.answer) }));
  });

  it.each([
    ['a request the client cannot take (sampling, undeclared): -32021', 'sampler'],
    ['neither requests nor state', 'hollow'],
    ['a request of a kind the revision does not define', 'oddAsk'],
    ['the 2025 URL elicitation error thrown', 'urlThrow'],
  ])('%s', async (_what, name) => {
    const { answer, sdkServers } = await same(call(name));
    expect(sdkServers).toBe(0);
    expect(answer.body).toHaveProperty('error');
  });

  it('a first leg asking a client without the capability: -32021, 400', async () => {
    const { answer } = await same(call('provision', { name: 'db' }, {}, {}));
    expect(answer).toMatchObject({ status: 400, body: { error: { code: -32021 } } });
  });
});

describe('with telemetry on', () => {
  let on: Pair;
  beforeAll(async () => (on = await pair(flowsApp({ telemetry: true }))));

  it('every leg of a flow, and a tampered state', async () => {
    const leg1 = await same(call('polite'), on);
    const answered = { inputResponses: { choice: accept({ region: 'eu' }) } };
    await same(call('polite', {}, { ...answered, requestState: stateOf(leg1.answer) }), on);
    const { answer } = await same(call('polite', {}, { ...answered, requestState: 'x'.repeat(80) }), on);
    expect(answer.body).toMatchObject({ error: { code: -32602 } });
  });
});

describe('with bearer auth: a state is bound to the verified caller', () => {
  let on: Pair;
  beforeAll(async () => (on = await pair(flowsApp({ auth: true }))));
  const bearer = { authorization: 'Bearer good-token' };

  it('the legs of a flow with a good token; leg 2 without a token refused alike', async () => {
    const leg1 = await same(call('polite', {}, {}, ASKS, bearer), on);
    expect(leg1.sdkServers).toBe(0);
    const leg2 = {
      inputResponses: { choice: accept({ region: 'us' }) },
      requestState: stateOf(leg1.answer),
    };
    const done = await same(call('polite', {}, leg2, ASKS, bearer), on);
    expect(done.answer.body).toMatchObject({ result: { content: [{ text: 'chose us' }] } });
    expect((await same(call('polite', {}, leg2), on)).answer.status).toBe(401);
  });
});
