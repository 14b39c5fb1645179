import {
  InputCallbackFailedError,
  InputRequestRefusedError,
  InvalidInputRequestError,
  MissingInputCallbackError,
  NotConnectedError,
  TesseraClient,
  TesseraClientError,
  type InputRequestEvent,
  type InputResponseEvent,
  type RoundEvent,
  type TesseraClientOptions,
} from '../src';
import { recordingCallbacks } from './fixtures/callbacks.fixture';
import { withCannedRound } from './fixtures/canned-round.fixture';
import type { SeenLeg } from './fixtures/mrtr-server.fixture';
import { createFixtureHandler } from './fixtures/serve-fixture.fixture';

const mixedRound = {
  inputRequests: {
    name: {
      method: 'elicitation/create',
      params: { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
    },
    sample: {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 },
    },
  },
  requestState: 'canned',
};

async function connectTo(fetch: (request: Request) => Promise<Response>, options: TesseraClientOptions) {
  const client = new TesseraClient(options);
  await client.connect({ fetch });
  return client;
}

describe('input request errors, refusals and hooks', () => {
  let seen: SeenLeg[];
  let client: TesseraClient | undefined;
  beforeEach(() => {
    seen = [];
  });
  afterEach(() => client?.close());

  it('fails clearly, before any callback runs or anything is sent, when a request kind has no callback', async () => {
    const canned = withCannedRound(createFixtureHandler(seen), 'ask-both', mixedRound);
    const elicitation = jest.fn(async () => ({ action: 'accept' as const, content: {} }));
    client = await connectTo(canned.fetch, { elicitation });
    const failure = client.callTool({ name: 'ask-both', arguments: {} });
    await expect(failure).rejects.toBeInstanceOf(MissingInputCallbackError);
    await expect(failure).rejects.toMatchObject({
      code: 'TESSERA_MISSING_INPUT_CALLBACK',
      kind: 'sampling',
      key: 'sample',
    });
    await expect(failure).rejects.toThrow(
      /tools\/call 'ask-both' asked for sampling \(input request 'sample'\).*no 'sampling' callback/,
    );
    expect(elicitation).not.toHaveBeenCalled();
    expect(canned.hits).toHaveLength(1);
  });

  it("names the missing callback behind an SDK server's own capability gate (-32021), the refusal as its cause", async () => {
    const handler = createFixtureHandler(seen);
    client = await connectTo((request) => handler.fetch(request), { elicitation: async () => ({ action: 'cancel' }) });
    const failure = client.callTool({ name: 'summarize', arguments: { topic: 'x' } });
    await expect(failure).rejects.toBeInstanceOf(MissingInputCallbackError);
    await expect(failure).rejects.toMatchObject({ kind: 'sampling', cause: { code: -32021 } });
    await expect(failure).rejects.toThrow(/no 'sampling' callback/);
  });

  it('refuses a listed kind with a typed error, answering nothing', async () => {
    const canned = withCannedRound(createFixtureHandler(seen), 'ask-both', mixedRound);
    const { callbacks } = recordingCallbacks();
    const elicitation = jest.fn(callbacks.elicitation);
    client = await connectTo(canned.fetch, { ...callbacks, elicitation, refuse: ['sampling'] });
    const failure = client.callTool({ name: 'ask-both', arguments: {} });
    await expect(failure).rejects.toBeInstanceOf(InputRequestRefusedError);
    await expect(failure).rejects.toMatchObject({
      code: 'TESSERA_INPUT_REQUEST_REFUSED',
      kind: 'sampling',
      key: 'sample',
    });
    expect(elicitation).not.toHaveBeenCalled();
    expect(canned.hits).toHaveLength(1);
  });

  it('refuses through a predicate that sees the request and the call', async () => {
    const handler = createFixtureHandler(seen);
    const queries: unknown[] = [];
    const { callbacks } = recordingCallbacks();
    client = await connectTo((request) => handler.fetch(request), {
      ...callbacks,
      elicitation: { handle: callbacks.elicitation, url: true },
      refuse: (query) => {
        queries.push({ kind: query.kind, key: query.key, call: query.call });
        return (
          query.kind === 'elicitation' &&
          query.request.method === 'elicitation/create' &&
          query.request.params.mode === 'url'
        );
      },
    });
    await expect(client.callTool({ name: 'greet', arguments: { greeting: 'Hi' } })).resolves.toBeDefined();
    await expect(client.callTool({ name: 'open-link', arguments: {} })).rejects.toBeInstanceOf(
      InputRequestRefusedError,
    );
    expect(queries[0]).toEqual({
      kind: 'elicitation',
      key: 'name',
      call: { method: 'tools/call', name: 'greet', arguments: { greeting: 'Hi' } },
    });
  });

  it('rejects an input request of an unknown method', async () => {
    const canned = withCannedRound(createFixtureHandler(seen), 'odd', {
      inputRequests: { x: { method: 'tasks/get', params: {} } },
    });
    client = await connectTo(canned.fetch, recordingCallbacks().callbacks);
    await expect(client.callTool({ name: 'odd', arguments: {} })).rejects.toBeInstanceOf(InvalidInputRequestError);
  });

  it('wraps a failing callback, naming the key, and cancels its siblings', async () => {
    const handler = createFixtureHandler(seen);
    let siblingAborted = false;
    client = await connectTo((request) => handler.fetch(request), {
      elicitation: (_params, { signal }) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            siblingAborted = true;
            resolve({ action: 'cancel' });
          });
        }),
      sampling: async () => {
        throw new Error('model offline');
      },
      listRoots: async () => ({ roots: [] }),
    });
    const failure = client.callTool({ name: 'everything', arguments: {} });
    await expect(failure).rejects.toBeInstanceOf(InputCallbackFailedError);
    await expect(failure).rejects.toThrow(
      "The sampling callback failed for tools/call 'everything' (input request 'sample'): model offline",
    );
    expect(siblingAborted).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('reports every round, every request seen and every answer sent to the hooks (client-level, then per call)', async () => {
    const handler = createFixtureHandler(seen);
    const log: string[] = [];
    const rounds: RoundEvent[] = [];
    const requests: InputRequestEvent[] = [];
    const responses: InputResponseEvent[] = [];
    client = await connectTo((request) => handler.fetch(request), {
      ...recordingCallbacks().callbacks,
      hooks: {
        onRound: (event) => void rounds.push(event),
        onInputRequest: (event) => void log.push(`client:${event.key}`),
      },
    });
    await client.callTool(
      { name: 'everything', arguments: {} },
      {
        hooks: {
          onInputRequest: (event) => void (requests.push(event), log.push(`call:${event.key}`)),
          onInputResponse: (event) => void responses.push(event),
        },
      },
    );
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({
      round: 1,
      requestState: 'all-three',
      stateOnly: false,
      delayMs: 0,
      call: { name: 'everything' },
    });
    expect(requests.map((event) => `${event.key}:${event.kind}`).sort()).toEqual([
      'name:elicitation',
      'roots:roots',
      'sample:sampling',
    ]);
    expect(responses.map((event) => event.key).sort()).toEqual(['name', 'roots', 'sample']);
    expect(responses.find((event) => event.key === 'roots')!.response).toEqual(seen[1]!.inputResponses!.roots);
    for (const key of ['name', 'sample', 'roots'])
      expect(log.indexOf(`client:${key}`)).toBeLessThan(log.indexOf(`call:${key}`));
  });

  it('stops the flow when a hook throws (an audit sink that must not miss a record)', async () => {
    const handler = createFixtureHandler(seen);
    client = await connectTo((request) => handler.fetch(request), {
      ...recordingCallbacks().callbacks,
      hooks: {
        onRound: () => {
          throw new Error('audit log unavailable');
        },
      },
    });
    await expect(client.callTool({ name: 'greet', arguments: { greeting: 'x' } })).rejects.toThrow(
      'audit log unavailable',
    );
    expect(seen).toHaveLength(1);
  });

  it('needs a connection first', async () => {
    const idle = new TesseraClient();
    const failure = idle.callTool({ name: 'greet' });
    await expect(failure).rejects.toBeInstanceOf(NotConnectedError);
    expect(TesseraClientError.isInstance(await failure.catch((e: unknown) => e))).toBe(true);
  });
});
