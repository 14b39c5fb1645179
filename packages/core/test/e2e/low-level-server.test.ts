import { request as httpRequest } from 'node:http';
import {
  acceptedContent,
  inputRequired,
  OAuthError,
  OAuthErrorCode,
  type CallToolResult,
  type OAuthTokenVerifier,
  type ServerContext,
  type Tool,
} from '@modelcontextprotocol/server';
import { DuplicateNameError, RequestStateSecurity, silentLogger } from '@tessera/core';
import { createLowLevelServer, type LowLevelServerOptions, type LowLevelToolHandler } from '@tessera/core/advanced';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { connectHttp, connectInMemory, sendRaw, type FetchServable, type RawRequestOptions } from '@tessera/testing';
import { textOf } from './support/result-text';
import { listen, serveStdio } from '@tessera/core/node';

const provisionTool: Tool = {
  name: 'provision',
  description: 'Provision a machine; asks which region',
  inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
};

const REGION_SCHEMA = {
  type: 'object' as const,
  properties: { region: { type: 'string' as const, enum: ['eu', 'us'] } },
  required: ['region'],
};

/** The handler the author writes: the first round asks, the retry reads the answer and its own state. */
const seenStates: Array<string | undefined> = [];
const callTool: LowLevelToolHandler = (name, args, ctx) => {
  if (name === 'crash') throw new Error('SECRET internals');
  seenStates.push(ctx.requestState);
  const answer = acceptedContent(ctx.inputResponses, 'region') as { region?: string } | undefined;
  if (!answer?.region || ctx.requestState !== `asked:${args.name}`) {
    return inputRequired({
      inputRequests: {
        region: inputRequired.elicit({
          message: `Which region for ${String(args.name)}?`,
          requestedSchema: REGION_SCHEMA,
        }),
      },
      requestState: `asked:${args.name}`,
    });
  }
  return {
    content: [{ type: 'text', text: `provisioned ${String(args.name)} in ${answer.region}` }],
  } satisfies CallToolResult;
};

const base = (extra: Partial<LowLevelServerOptions> = {}): LowLevelServerOptions => ({
  name: 'provisioner-low',
  version: '1.0.0',
  tools: [provisionTool, { name: 'crash', inputSchema: { type: 'object' } }],
  callTool,
  logger: silentLogger,
  ...extra,
});

const ELICITATION = { elicitation: { form: {} } };
const INVALID_STATE = { code: -32602, message: 'Invalid or expired requestState' };

/** The first leg of provision for a machine, sent raw: the handler answers it with its question. */
const askProvision = (server: FetchServable, options: RawRequestOptions = { capabilities: ELICITATION }) =>
  sendRaw(server, 'tools/call', { name: 'provision', arguments: { name: 'web1' } }, options);

/** The params of a provision retry answering 'eu', with the state given. */
const answeredProvision = (machine: string, requestState: unknown) => ({
  name: 'provision',
  arguments: { name: machine },
  inputResponses: { region: { action: 'accept', content: { region: 'eu' } } },
  requestState,
});

beforeEach(() => {
  seenStates.length = 0;
});

describe('createLowLevelServer', () => {
  test('the SDK client completes an InputRequiredResult flow (2026-07-28) with its elicitation handler', async () => {
    const server = createLowLevelServer(base());
    const client = await connectInMemory(server, { capabilities: ELICITATION });
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { region: 'eu' } };
    });
    const result = await client.callTool({ name: 'provision', arguments: { name: 'web1' } });
    expect(textOf(result)).toBe('provisioned web1 in eu');
    expect(asked).toEqual(['Which region for web1?']);
    expect(seenStates).toEqual([undefined, 'asked:web1']);
  });

  test('unsealed by default: the wire carries the state as the handler wrote it', async () => {
    const server = createLowLevelServer(base());
    const first = await askProvision(server);
    expect(first.body.result).toMatchObject({ resultType: 'input_required', requestState: 'asked:web1' });
  });

  describe('with sealing opted in (one line)', () => {
    const sealed = () => createLowLevelServer(base({ requestState: RequestStateSecurity.ephemeral() }));

    test('the flow completes and the handler reads plaintext; the wire state is opaque', async () => {
      const server = sealed();
      const first = await askProvision(server);
      const wire = first.body.result!.requestState as string;
      expect(typeof wire).toBe('string');
      expect(wire).not.toContain('asked');
      expect(Buffer.from(wire.replace(/[^A-Za-z0-9_-]/g, ''), 'base64url').toString('latin1')).not.toContain(
        'asked:web1',
      );

      const client = await connectInMemory(server, { capabilities: ELICITATION });
      client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { region: 'us' } }));
      seenStates.length = 0;
      expect(textOf(await client.callTool({ name: 'provision', arguments: { name: 'db1' } }))).toBe(
        'provisioned db1 in us',
      );
      expect(seenStates).toEqual([undefined, 'asked:db1']);
    });

    test('a tampered state is -32602 "Invalid or expired requestState"; the handler never sees it', async () => {
      const server = sealed();
      const first = await askProvision(server);
      const wire = first.body.result!.requestState as string;
      const flipped = wire.slice(0, 10) + (wire[10] === 'A' ? 'B' : 'A') + wire.slice(11);
      seenStates.length = 0;
      for (const requestState of [flipped, 'asked:web1', wire + 'x']) {
        const retry = await sendRaw(server, 'tools/call', answeredProvision('web1', requestState), {
          capabilities: ELICITATION,
        });
        expect(retry.body.error).toMatchObject(INVALID_STATE);
      }
      expect(seenStates).toEqual([]);
    });

    test('a valid state replayed with other arguments is refused the same way', async () => {
      const server = sealed();
      const first = await askProvision(server);
      const retry = await sendRaw(server, 'tools/call', answeredProvision('web2', first.body.result!.requestState), {
        capabilities: ELICITATION,
      });
      expect(retry.body.error).toMatchObject(INVALID_STATE);
    });
  });

  test('tools/list pages through the definitions in order; a bad cursor is -32602', async () => {
    const tools: Tool[] = Array.from({ length: 250 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));
    const server = createLowLevelServer(base({ tools, pageSize: 100 }));
    const client = await connectInMemory(server);
    const first = await client.request({ method: 'tools/list', params: {} });
    expect(first.tools).toHaveLength(100);
    const all = await client.listTools();
    expect(all.tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    await expect(client.listTools({ cursor: 'nope' })).rejects.toMatchObject({ code: -32602 });
  });

  test('an unknown tool is -32602; a handler that throws is masked', async () => {
    const client = await connectInMemory(createLowLevelServer(base()));
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool: nope'),
    });
    const crashed = await client.callTool({ name: 'crash', arguments: {} });
    expect(crashed.isError).toBe(true);
    expect(textOf(crashed)).toMatch(/^Internal error \(ref [0-9a-f]{8}\)$/);
  });

  test('over HTTP on 127.0.0.1, and on a 2025-era connection an InputRequiredResult is -32603 without the bridge', async () => {
    const server = createLowLevelServer(base());
    const listener = await listen(server, { port: 0 });
    try {
      expect(listener.url.hostname).toBe('127.0.0.1');
      const legacy = await connectHttp(listener.url, { protocol: 'legacy', capabilities: ELICITATION });
      expect((await legacy.listTools()).tools.map((t) => t.name)).toEqual(['provision', 'crash']);
      await expect(legacy.callTool({ name: 'provision', arguments: { name: 'web1' } })).rejects.toMatchObject({
        code: -32603,
      });
      await legacy.close();
    } finally {
      await server.close();
    }
  });

  test('configuration errors are thrown at construction', () => {
    expect(() => createLowLevelServer(base({ tools: [provisionTool, provisionTool] }))).toThrow(DuplicateNameError);
    expect(() =>
      createLowLevelServer(base({ tools: [{ name: 'x', inputSchema: { type: 'string' } as never }] })),
    ).toThrow(/inputSchema of type "object"/);
    expect(() => createLowLevelServer(base({ pageSize: 0 }))).toThrow(/pageSize/);
    expect(() => createLowLevelServer(base({ name: '' }))).toThrow(/non-empty name/);
  });

  test('a malformed inputResponses (not an object) is -32602, as in the decorated server', async () => {
    const server = createLowLevelServer(base());
    const reply = await sendRaw(
      server,
      'tools/call',
      { name: 'provision', arguments: { name: 'web1' }, inputResponses: null },
      { capabilities: ELICITATION },
    );
    expect(reply.status).toBe(200); // one HTTP status for every JSON-RPC refusal
    expect(reply.body.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('inputResponses must be an object'),
    });
    expect(seenStates).toEqual([]);
  });

  test('listen() on loopback refuses a rebinding Host', async () => {
    const server = createLowLevelServer(base());
    const listener = await listen(server, { port: 0 });
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          listener.url,
          {
            method: 'POST',
            headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
      });
    try {
      expect(await status('evil.example.com')).toBeGreaterThanOrEqual(400);
      expect(await status(`localhost:${listener.url.port}`)).not.toBe(403);
    } finally {
      await server.close();
    }
  });

  test('bearer auth: a bad token is 401; a good one reaches the handler, and sealed state is bound to its principal', async () => {
    const verifier: OAuthTokenVerifier = {
      async verifyAccessToken(token) {
        if (token !== 'ann' && token !== 'ben') throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
        return {
          token,
          clientId: 'cli',
          scopes: [],
          expiresAt: Math.floor(Date.now() / 1000) + 60,
          extra: { subject: token },
        };
      },
    };
    const subjects: unknown[] = [];
    const server = createLowLevelServer(
      base({
        auth: { verifier },
        requestState: RequestStateSecurity.ephemeral(),
        callTool: (name, args, ctx) => (subjects.push(ctx.authInfo?.extra?.subject), callTool(name, args, ctx)),
      }),
    );
    const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, capabilities: ELICITATION });
    const refused = await server.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { authorization: 'Bearer nobody', 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('invalid_token');

    const first = await askProvision(server, as('ann'));
    const retry = answeredProvision('web1', first.body.result!.requestState);
    expect((await sendRaw(server, 'tools/call', retry, as('ben'))).body.error).toMatchObject(INVALID_STATE);
    expect((await sendRaw(server, 'tools/call', retry, as('ann'))).body.result).toMatchObject({
      content: [{ type: 'text', text: 'provisioned web1 in eu' }],
    });
    expect(subjects).toEqual(['ann', 'ann']);
  });

  test("sealing runs the decorated server's request-state stage: the policy's bindPrincipal gets the SDK context, refusals log their reason, extra result fields survive", async () => {
    const warnings: Array<Record<string, unknown> | undefined> = [];
    const principals: unknown[] = [];
    const security = RequestStateSecurity.ephemeral<ServerContext>({
      bindPrincipal: (sdk) => (principals.push(sdk.mcpReq.method), sdk.http?.req?.headers.get('x-user') ?? null),
    });
    const withMeta: LowLevelToolHandler = async (name, args, ctx) => {
      const result = await callTool(name, args, ctx);
      return 'resultType' in result ? { ...result, _meta: { kept: true } } : result;
    };
    const server = createLowLevelServer(
      base({
        requestState: security,
        callTool: withMeta,
        logger: { ...silentLogger, warn: (_m, f) => void warnings.push(f) },
      }),
    );
    const as = (user: string) => ({ headers: { 'x-user': user }, capabilities: ELICITATION });
    const first = await askProvision(server, as('ann'));
    expect(first.body.result).toMatchObject({ resultType: 'input_required', _meta: { kept: true } });
    expect(first.body.result!.requestState).not.toContain('asked:');
    const retry = answeredProvision('web1', first.body.result!.requestState);
    expect((await sendRaw(server, 'tools/call', retry, as('bob'))).body.error).toMatchObject(INVALID_STATE);
    expect(warnings).toEqual([
      expect.objectContaining({ method: 'tools/call', target: 'provision', reason: 'principal_mismatch' }),
    ]);
    expect((await sendRaw(server, 'tools/call', retry, as('ann'))).body.result).toMatchObject({
      content: [{ type: 'text', text: 'provisioned web1 in eu' }],
    });
    expect(principals).toEqual(['tools/call', 'tools/call', 'tools/call']);
  });

  test('with the legacy bridge, a 2025 connection that carries push requests (stdio-like) completes the flow, sealed state included', async () => {
    const server = createLowLevelServer(
      base({ legacyInputRequiredBridge: true, requestState: RequestStateSecurity.ephemeral() }),
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    serveStdio(server, { transport: serverSide });
    const client = new Client(
      { name: 'old', version: '1.0.0' },
      { capabilities: ELICITATION, versionNegotiation: { mode: 'legacy' } },
    );
    const asked: string[] = [];
    client.setRequestHandler(
      'elicitation/create',
      async (request) => (asked.push(request.params.message), { action: 'accept', content: { region: 'us' } }),
    );
    await client.connect(clientSide);
    try {
      expect(textOf(await client.callTool({ name: 'provision', arguments: { name: 'old1' } }))).toBe(
        'provisioned old1 in us',
      );
      expect(asked).toEqual(['Which region for old1?']);
      expect(seenStates).toEqual([undefined, 'asked:old1']);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
