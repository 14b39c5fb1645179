import { request as httpRequest } from 'node:http';
import {
  bothPaths,
  headers,
  lastSdkAnswer,
  message,
  meta,
  MODERN,
  pairOpener,
  send,
} from '../../e2e/support/two-paths';
import { once } from 'node:events';
import { fastPathApp, holdEvents } from './http-fast-path.fixture';
import { AnswerSlot } from '../../../src/accelerators/lane/answer-slot';

/**
 * listen() serves the stateless 2026-07-28 POST on node:http directly (the fast path) and everything else
 * through the SDK's node adapter. The same requests, byte for byte, sent to a listener with the fast path
 * and to one without it (same app, same sealing key) must get the same answers: status, content type and
 * body (JSON, or the messages of an SSE stream; the bytes too), errors and refusals included.
 */
/**
 * POSTs a `watched` call on a connection of its own with `Connection: close`; resolves with the answer once the
 * connection is closed. The server closes it after its exchange ended, and the client sees that a turn of
 * the event loop later, so by then the server side's close has run.
 */
function sendAndHangUp(url: URL, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hdrs = {
      ...headers('tools/call', 'watched'),
      connection: 'close',
      'content-length': String(Buffer.byteLength(body)),
    };
    let text = '';
    const req = httpRequest(url, { method: 'POST', headers: hdrs, agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', reject);
    });
    req.on('socket', (socket) => socket.once('close', () => resolve(text)));
    req.on('error', reject);
    req.end(body);
  });
}

const opened = pairOpener();
const pair = (withAuth: boolean) => opened(fastPathApp(withAuth));

describe('the fast path answers as the SDK path does', () => {
  let fast: URL;
  let sdk: URL;
  beforeAll(async () => ({ fast, sdk } = await pair(false)));

  it('serves calls, lists and discovery', async () => {
    const ok = await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'echo'),
      body: message('tools/call', { name: 'echo', arguments: { text: 'hi' } }),
    });
    expect(ok).toMatchObject({
      status: 200,
      contentType: 'application/json',
      body: { result: { content: [{ type: 'text', text: 'hi' }] } },
    });
    // Proof each listener took its own path: the fast one wrote the answer whole, the SDK's adapter streamed it.
    expect(ok.framing).toBe('length');
    expect(lastSdkAnswer()?.framing).toBe('chunked');
    const take = jest.spyOn(AnswerSlot.prototype, 'take');
    await bothPaths(fast, sdk, { headers: headers('tools/list'), body: message('tools/list') });
    // the lane's exchange left its plain result as a message, not as a web Response (lane/answer-slot.ts)
    expect(take).toHaveBeenCalledTimes(1);
    take.mockRestore();
    await bothPaths(fast, sdk, { headers: headers('server/discover'), body: message('server/discover') });
    await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'echo'),
      body: message('tools/call', { name: 'echo', arguments: { text: 'é' } }, {}, 'string-id'),
    });
  });

  it('answers tool errors, unknown tools and bad arguments the same', async () => {
    await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'nope'),
      body: message('tools/call', { name: 'nope', arguments: {} }),
    });
    const bad = await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'echo'),
      body: message('tools/call', { name: 'echo', arguments: { text: 7 } }),
    });
    expect(JSON.stringify(bad.body)).toContain('text');
    await bothPaths(fast, sdk, { headers: headers('no/such'), body: message('no/such') });
  });

  it('streams progress as SSE on both', async () => {
    const params = { name: 'count', arguments: {}, _meta: { ...meta(), progressToken: 'p1' } };
    const body = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params });
    const answer = await bothPaths(fast, sdk, { headers: headers('tools/call', 'count'), body });
    expect(answer.contentType).toBe('text/event-stream');
    expect((answer.body as unknown[]).length).toBe(4);
  });

  it('runs a two-round flow, each path accepting the state the other sealed', async () => {
    const first = await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'place'),
      body: message('tools/call', { name: 'place', arguments: {} }, { elicitation: { form: {} } }),
    });
    const state = (first.body as { result: { requestState: string } }).result.requestState;
    const retry = message(
      'tools/call',
      {
        name: 'place',
        arguments: {},
        requestState: state,
        inputResponses: { region: { action: 'accept', content: { region: 'eu' } } },
      },
      { elicitation: { form: {} } },
    );
    const second = await bothPaths(fast, sdk, { headers: headers('tools/call', 'place'), body: retry });
    expect(second.body).toMatchObject({ result: { content: [{ text: 'placed in eu' }] } });
    // Without the capability the question cannot be put: the same refusal on both.
    await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'place'),
      body: message('tools/call', { name: 'place', arguments: {} }),
    });
  });

  it('refuses malformed retry params and tampered state the same', async () => {
    await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'place'),
      body: message('tools/call', { name: 'place', arguments: {}, inputResponses: [] }),
    });
    await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'place'),
      body: message('tools/call', { name: 'place', arguments: {}, requestState: 42 }),
    });
    await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'place'),
      body: message('tools/call', { name: 'place', arguments: {}, requestState: 'forged' }),
    });
  });

  it('answers bodies that are not one JSON object the same (bad JSON, empty, batch, scalar, notification)', async () => {
    const h = headers('tools/call', 'echo');
    const bad = await bothPaths(fast, sdk, { headers: h, body: '{"jsonrpc": "2.0", "id": 1, ' });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    await bothPaths(fast, sdk, { headers: h, body: '' });
    await bothPaths(fast, sdk, {
      headers: h,
      body: `[${message('tools/call', { name: 'echo', arguments: { text: 'a' } })}]`,
    });
    await bothPaths(fast, sdk, { headers: h, body: '"just a string"' });
    await bothPaths(fast, sdk, { headers: h, body: 'null' });
    const note = await bothPaths(fast, sdk, {
      headers: headers('notifications/cancelled'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 5, _meta: meta() },
      }),
    });
    expect(note.status).toBe(202);
    await bothPaths(fast, sdk, { headers: h, body: JSON.stringify({ jsonrpc: '2.0', id: 3, result: {} }) });
  });

  it('checks the routing headers against the body the same', async () => {
    const call = message('tools/call', { name: 'echo', arguments: { text: 'x' } });
    const mismatch = await bothPaths(fast, sdk, { headers: headers('tools/list'), body: call });
    expect(mismatch.status).toBe(400);
    await bothPaths(fast, sdk, { headers: headers('tools/call'), body: call }); // Mcp-Name missing
    await bothPaths(fast, sdk, { headers: headers('tools/call', 'other'), body: call });
    await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'echo', { 'content-type': 'text/plain' }),
      body: call,
    });
    await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'echo', { 'mcp-protocol-version': '2099-01-01' }),
      body: call,
    });
    await bothPaths(fast, sdk, { headers: headers('tools/call', 'echo', { host: 'evil.example' }), body: call });
    await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'echo', { origin: 'http://evil.example' }),
      body: call,
    });
    await bothPaths(fast, sdk, {
      method: 'GET',
      headers: { accept: 'text/event-stream', 'mcp-protocol-version': MODERN },
    });
  });

  it('enforces the body limit the same, declared or streamed', async () => {
    const big = 'x'.repeat(4 * 1024 * 1024 + 10);
    const declared = await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'echo'),
      body: message('tools/call', { name: 'echo', arguments: { text: big } }),
    });
    expect(declared.status).toBe(413);
    const streamed = await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'echo'),
      chunks: [message('tools/call', { name: 'echo', arguments: { text: big } })],
    });
    expect(streamed.status).toBe(413);
  });

  it('serves 2025-era requests (not the fast path) unchanged', async () => {
    const legacy = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'old' } },
    });
    const answer = await bothPaths(fast, sdk, {
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2025-11-25',
      },
      body: legacy,
    });
    expect(answer.status).toBe(200);
  });
});

describe('the fast path writes a plain result without a web Response', () => {
  let fast: URL;
  let sdk: URL;
  beforeAll(async () => ({ fast, sdk } = await pair(false)));
  afterEach(() => jest.restoreAllMocks());

  it('takes the result from the exchange as a message; errors and streams still come as the SDK builds them', async () => {
    const built = jest.spyOn(Response, 'json');
    const call = {
      headers: headers('tools/call', 'echo'),
      body: message('tools/call', { name: 'echo', arguments: { text: 'direct' } }),
    };
    const answer = await send(fast, call);
    expect(answer).toMatchObject({
      status: 200,
      contentType: 'application/json',
      framing: 'length',
      body: { result: { content: [{ text: 'direct' }] } },
    });
    expect(built).not.toHaveBeenCalled();
    // the same call on the SDK path: the SDK's transport answers with Response.json, and the bytes are the same
    expect((await send(sdk, call)).text).toBe(answer.text);
    expect(built).toHaveBeenCalledTimes(1);
    // an error answer's status depends on where it arose: left to the SDK, on the fast path too
    const unknown = await send(fast, {
      headers: headers('tools/call', 'nope'),
      body: message('tools/call', { name: 'nope', arguments: {} }),
    });
    expect(unknown.body).toMatchObject({ error: { message: expect.stringContaining('nope') } });
    expect(built).toHaveBeenCalledTimes(2);
  });
});

describe('a call answered on the fast path', () => {
  let fast: URL;
  beforeAll(async () => ({ fast } = await pair(false)));

  it('is not aborted after its answer (the exchange closing does not abort a finished call)', async () => {
    const watched = once(holdEvents, 'watched') as Promise<[AbortSignal]>;
    const answer = await sendAndHangUp(fast, message('tools/call', { name: 'watched', arguments: {} }));
    expect(JSON.parse(answer)).toMatchObject({ result: { content: [{ text: 'watched' }] } });
    const [signal] = await watched;
    expect(signal.aborted).toBe(false);
  });
});

describe('a client that goes away mid-call', () => {
  let fast: URL;
  let sdk: URL;
  beforeAll(async () => ({ fast, sdk } = await pair(false)));

  it.each([
    ['fast path', () => fast],
    ['SDK path', () => sdk],
  ])('cancels the call on the %s (the handler sees its signal abort)', async (_name, url) => {
    const started = once(holdEvents, 'started');
    const body = message('tools/call', { name: 'hold', arguments: {} });
    const req = httpRequest(url(), {
      method: 'POST',
      headers: { ...headers('tools/call', 'hold'), 'content-length': String(Buffer.byteLength(body)) },
    });
    req.on('error', () => {}); // the socket is destroyed on purpose
    req.end(body);
    await started;
    const cancelled = once(holdEvents, 'cancelled');
    req.destroy();
    await cancelled; // never resolves (the test times out) if the abort does not reach the handler
  });
});

describe('the fast path checks bearer tokens as the SDK path does', () => {
  let fast: URL;
  let sdk: URL;
  beforeAll(async () => ({ fast, sdk } = await pair(true)));
  const call = message('tools/call', { name: 'echo', arguments: { text: 'secret' } });

  it('refuses a missing or unknown token, serves a good one', async () => {
    const missing = await bothPaths(fast, sdk, { headers: headers('tools/call', 'echo'), body: call });
    expect(missing.status).toBe(401);
    expect(missing.authenticate).toMatch(/^Bearer/);
    await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'echo', { authorization: 'Bearer wrong' }),
      body: call,
    });
    const ok = await bothPaths(fast, sdk, {
      headers: headers('tools/call', 'echo', { authorization: 'Bearer good-token' }),
      body: call,
    });
    expect(ok.status).toBe(200);
  });
});
