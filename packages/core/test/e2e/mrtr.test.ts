import type { Client } from '@modelcontextprotocol/client';
import { createApp, silentLogger } from '@tessera/core';
import { connectHttp, connectInMemory } from '@tessera/testing';
import { calls, Deployer } from './mrtr-fixtures';
import { listen } from '@tessera/core/node';

type Posted = { method: string; params: Record<string, unknown> };

type Transport = 'memory' | 'http';
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** The app, and a recording of the wire: every request posted and every tools/call reply. */
function setup() {
  const app = createApp({ name: 'deployer', version: '1.0.0', providers: [Deployer], logger: silentLogger });
  const posted: Posted[] = [];
  const replies: unknown[] = [];
  const record = async (req: Request, forward: (r: Request) => Promise<Response>) => {
    const body =
      req.method === 'POST'
        ? await req
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
    if (body?.method) posted.push({ method: body.method, params: body.params });
    const res = await forward(req);
    if (body?.method === 'tools/call')
      replies.push(
        await res
          .clone()
          .json()
          .catch(() => undefined),
      );
    return res;
  };
  return { app, posted, replies, recording: { app, record } };
}

let transport: Transport = 'memory';

async function client(
  recording: {
    app: ReturnType<typeof createApp>;
    record: (r: Request, f: (r: Request) => Promise<Response>) => Promise<Response>;
  },
  answers: Record<string, (params: any) => unknown>,
  caps: Record<string, unknown> = { elicitation: { form: {} }, sampling: {} },
): Promise<Client> {
  let c: Client;
  if (transport === 'memory') {
    c = await connectInMemory(
      { fetch: (r: Request) => recording.record(r, recording.app.fetch) },
      { capabilities: caps as never },
    );
  } else {
    const listener = await listen(recording.app, { port: 0 });
    closers.push(listener.close);
    c = await connectHttp(listener.url, {
      capabilities: caps as never,
      fetch: (input, init) => recording.record(new Request(input, init), (r) => fetch(r)),
    });
  }
  if (answers.elicit) c.setRequestHandler('elicitation/create', async (r) => answers.elicit(r.params) as never);
  if (answers.sample) c.setRequestHandler('sampling/createMessage', async (r) => answers.sample(r.params) as never);
  return c;
}

const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

describe.each<Transport>(['memory', 'http'])('@Elicit / @Sample dependency parameters (2026-07-28, %s)', (mode) => {
  beforeAll(() => (transport = mode));
  beforeEach(() => (calls.length = 0));

  test('three missing dependencies are asked in ONE round, the body runs once', async () => {
    const { recording, posted, replies } = setup();
    const c = await client(recording, {
      elicit: (p) =>
        p.message.startsWith('Region')
          ? { action: 'accept', content: { region: 'eu' } }
          : { action: 'accept', content: { size: 3 } },
      sample: () => ({ role: 'assistant', content: { type: 'text', text: 'a web app' }, model: 'm' }),
    });
    const result = await c.callTool({ name: 'deploy', arguments: { app: 'shop' } });
    expect(text(result)).toBe('shop -> eu x3: a web app');
    const toolCalls = posted.filter((p) => p.method === 'tools/call');
    expect(toolCalls).toHaveLength(2);
    const first = (
      replies[0] as { result: { inputRequests: Record<string, { method: string; params: { message?: string } }> } }
    ).result;
    expect(Object.keys(first.inputRequests).sort()).toEqual(['region', 'size', 'summary']);
    expect(first.inputRequests.region.params.message).toBe('Region for shop?');
    expect(calls).toEqual(['deploy']);
  });

  test('a sequential flow takes two rounds; the first answer reaches the second question and the body', async () => {
    const { recording, posted } = setup();
    const messages: string[] = [];
    const c = await client(recording, {
      elicit: (p) => {
        messages.push(p.message);
        return p.message === 'Pick a region'
          ? { action: 'accept', content: { region: 'us' } }
          : { action: 'accept', content: { answer: 'yes' } };
      },
    });
    const result = await c.callTool({ name: 'sequential', arguments: {} });
    expect(text(result)).toBe('us/yes');
    expect(messages).toEqual(['Pick a region', 'Confirm us?']);
    expect(posted.filter((p) => p.method === 'tools/call')).toHaveLength(3);
  });

  test.each(['decline', 'cancel'])('%s is visible to a method taking Elicitation<T>', async (action) => {
    const { recording } = setup();
    const c = await client(recording, { elicit: () => ({ action }) });
    expect(text(await c.callTool({ name: 'polite', arguments: {} }))).toBe(`user said ${action}`);
  });

  test('decline of a value parameter ends the call with a tool error naming the question', async () => {
    const { recording } = setup();
    const c = await client(recording, { elicit: () => ({ action: 'decline' }) });
    const result = await c.callTool({ name: 'strict', arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('declined the question "choice"');
  });

  test('a wrong-typed answer is asked again, not used', async () => {
    const { recording } = setup();
    let n = 0;
    const c = await client(recording, {
      elicit: () =>
        n++ === 0 ? { action: 'accept', content: { region: 42 } } : { action: 'accept', content: { region: 'eu' } },
    });
    expect(text(await c.callTool({ name: 'strict', arguments: {} }))).toBe('chose eu');
    expect(n).toBe(2);
  });

  test('-32021 with requiredCapabilities for a client without elicitation', async () => {
    const { recording } = setup();
    const c = await client(recording, {}, {});
    await expect(c.callTool({ name: 'strict', arguments: {} })).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { form: {} } } },
    });
  });

  test('the wire carries a sealed state, never the plaintext answers', async () => {
    const { recording, replies } = setup();
    const c = await client(recording, {
      elicit: (p) =>
        p.message === 'Pick a region'
          ? { action: 'accept', content: { region: 'us' } }
          : { action: 'accept', content: { answer: 'yes' } },
    });
    await c.callTool({ name: 'sequential', arguments: {} });
    const state = (replies[1] as { result: { requestState: string } }).result.requestState;
    expect(state).toMatch(/^v1\./);
    expect(state).not.toContain('region');
    for (const offset of [0, 1, 2]) {
      expect(state).not.toContain(
        Buffer.from('xx'.slice(0, offset) + '"region":"us"')
          .toString('base64url')
          .slice(4, 14),
      );
    }
    expect(Buffer.from(state.slice(3), 'base64url').toString('latin1')).not.toContain('region');
  });
});
