import {
  InMemoryServerEventBus,
  OAuthError,
  OAuthErrorCode,
  type AuthInfo,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { createApp, Provider, Resource, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { MemoryTaskStore } from '@tessera/core/advanced';
import { envelopeOf } from './support/provision-call';
import { TASKS_AND_ELICIT } from '../tasks/support/task-requests';

// A malformed subscriptions/listen gets the same refusal whoever serves the stream: the SDK's listen router (an
// app whose callers all see one surface), Tessera's per-caller change streams (an app whose callers differ) or
// its task streams (a filter naming taskIds). Found in review: the two served beside the SDK's router opened a
// stream for requests the SDK refuses (a missing or disagreeing header, a revision nobody speaks).

const verifier: OAuthTokenVerifier = {
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    if (token !== 'alice-token') throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    return { token, clientId: 'desk', scopes: ['mcp'], expiresAt, extra: { subject: 'alice' } };
  },
};

@Provider()
class Uniform {
  @Tool()
  open(): string {
    return 'open';
  }
}

@Provider()
class Varying {
  @Tool()
  open(): string {
    return 'open';
  }

  @Resource('notes://secret', { scopes: ['notes:read'] })
  secret(): string {
    return 'secret';
  }
}

@Provider()
class Reports {
  @Tool({ task: 'required' })
  report(): string {
    return 'report';
  }
}

const appOf = (provider: new () => object, tasks = false): TesseraApp =>
  createApp(
    {
      name: 'desk',
      version: '1',
      providers: [provider],
      logger: silentLogger,
      events: new InMemoryServerEventBus(),
      ...(tasks && { tasks: { store: new MemoryTaskStore() } }),
    },
    { auth: { verifier } },
  );

const HEADERS: Record<string, string> = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'subscriptions/listen',
  authorization: 'Bearer alice-token',
};

type Case = {
  headers?: Record<string, string | undefined>;
  meta?: Record<string, unknown>;
  notifications?: Record<string, unknown>;
};
const CASES: Array<[string, Case]> = [
  ['no MCP-Protocol-Version header', { headers: { 'mcp-protocol-version': undefined } }],
  ['no Mcp-Method header', { headers: { 'mcp-method': undefined } }],
  ['an Mcp-Method header naming another method', { headers: { 'mcp-method': 'tools/list' } }],
  ['a version header other than the envelope', { headers: { 'mcp-protocol-version': '2025-11-25' } }],
  [
    'a revision nobody speaks, in the header and the envelope',
    {
      headers: { 'mcp-protocol-version': '2099-01-01' },
      meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' },
    },
  ],
  ['an envelope whose clientInfo is not an object', { meta: { 'io.modelcontextprotocol/clientInfo': 'me' } }],
];

function listenRequest({ headers = {}, meta = {}, notifications = { toolsListChanged: true } }: Case): Request {
  const merged = Object.fromEntries(
    Object.entries({ ...HEADERS, ...headers }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const _meta = Object.fromEntries(
    Object.entries({ ...envelopeOf('alice'), ...meta }).filter(([, value]) => value !== undefined),
  );
  return new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: merged,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'listen-1',
      method: 'subscriptions/listen',
      params: { notifications, _meta },
    }),
  });
}

async function refusal(app: TesseraApp, c: Case): Promise<unknown> {
  const response = await app.fetch(listenRequest(c));
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, served: 'a stream' };
  }
  return { status: response.status, body: await response.json() };
}

/** A task stream's request: its filter names task ids, and its client declares the Tasks extension. */
const taskStream = (c: Case): Case => ({
  ...c,
  notifications: { taskIds: [] },
  meta: { 'io.modelcontextprotocol/clientCapabilities': TASKS_AND_ELICIT, ...c.meta },
});

describe('a malformed subscriptions/listen', () => {
  const uniform = appOf(Uniform);
  const varying = appOf(Varying);
  const tasks = appOf(Reports, true);
  afterAll(async () => {
    await uniform.close();
    await varying.close();
    await tasks.close();
  });

  test('each app opens the well-formed stream (the premise)', async () => {
    expect(await refusal(uniform, {})).toEqual({ status: 200, served: 'a stream' });
    expect(await refusal(varying, {})).toEqual({ status: 200, served: 'a stream' });
    expect(await refusal(tasks, taskStream({}))).toEqual({ status: 200, served: 'a stream' });
  });

  test.each(CASES)('%s: refused alike by the SDK router, per-caller and task streams', async (_what, c) => {
    const sdk = await refusal(uniform, c);
    expect(sdk).not.toMatchObject({ served: 'a stream' });
    expect(await refusal(varying, c)).toEqual(sdk);
    expect(await refusal(tasks, taskStream(c))).toEqual(sdk);
  });
});
