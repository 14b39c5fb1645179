import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import {
  createMcpHandler,
  InMemoryTransport,
  inputRequired,
  McpServer,
  ResourceTemplate,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { inspect } from 'node:util';
import { z } from 'zod';
import {
  protectRequestState,
  RequestStateConfigError,
  RequestStateSecurity,
  type InvalidStateReason,
  type ProtectedRequestState,
} from '@tessera/request-state';

// #14 item 7 on McpServer: with guard.install(server), a read() refusal and the state of another target are
// the fixed -32602 (never McpServer's isError tool result), and a handler that never calls read() is not
// reached with another tool's state. Run over HTTP (createMcpHandler) and in memory (serveStdio, where no
// Mcp-Name header exists, so the installed wrapper alone does the target check).
const security = new RequestStateSecurity({ keys: ['install-test-key-'.padEnd(48, 'i')] });
const FIXED = { code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } };
const ask = {
  who: inputRequired.elicit({
    message: 'Who?',
    requestedSchema: { type: 'object', properties: { who: { type: 'string' } } },
  }),
};
const answered = { who: { action: 'accept', content: { who: 'ops' } } };

interface Observed {
  reasons: InvalidStateReason[];
  /** how often the handler that never calls read() ran with a state present */
  firedWithState: number;
  /** everything that handler could see of the state without read() */
  seenWithoutRead?: string;
}

function buildServer(guard: ProtectedRequestState<ServerContext>, observed: Observed, verify = true): McpServer {
  const server = guard.install(
    new McpServer({ name: 'srv', version: '1' }, verify ? { requestState: { verify: guard.verify } } : {}),
  );
  for (const name of ['deploy', 'destroy']) {
    server.registerTool(
      name,
      { inputSchema: z.object({ service: z.string(), swallow: z.boolean().optional() }) },
      async (args, ctx) => {
        const request = { target: name, arguments: args };
        let state: unknown;
        try {
          state = guard.read(ctx, request);
        } catch (error) {
          // a careless handler that carries on: the wrapper still answers the refusal
          if (args.swallow !== true) throw error;
          return { content: [{ type: 'text', text: 'carried on' }] };
        }
        if (state === undefined)
          return inputRequired({
            inputRequests: ask,
            requestState: await guard.mint({ service: args.service }, ctx, request),
          });
        return { content: [{ type: 'text', text: `${name} ${(state as { service: string }).service}` }] };
      },
    );
  }
  server.registerTool('fire', { inputSchema: z.object({ service: z.string() }) }, async (args, ctx) => {
    // never calls read(): treats "a verified state is present" as "the user confirmed"
    if (ctx.mcpReq.requestState() === undefined)
      return inputRequired({
        inputRequests: ask,
        requestState: await guard.mint('confirm-plaintext', ctx, { target: 'fire', arguments: args }),
      });
    observed.firedWithState += 1;
    const handle = ctx.mcpReq.requestState();
    observed.seenWithoutRead = `${JSON.stringify(handle)} ${inspect(handle, { showHidden: true, depth: 9 })} ${String(Object.getOwnPropertyNames(handle))}`;
    return { content: [{ type: 'text', text: 'fired' }] };
  });
  for (const name of ['brief', 'leak']) {
    server.registerPrompt(name, { argsSchema: z.object({ topic: z.string() }) }, async (args, ctx) => {
      const request = { target: name, arguments: args };
      if (guard.read(ctx, request) === undefined)
        return inputRequired({ inputRequests: ask, requestState: await guard.mint('s', ctx, request) });
      return { messages: [{ role: 'user', content: { type: 'text', text: `${name} ok` } }] };
    });
  }
  server.registerResource(
    'doc',
    new ResourceTemplate('doc://{id}', { list: undefined }),
    {},
    async (uri, _variables, ctx) => {
      const request = { target: uri.href };
      if (guard.read(ctx, request) === undefined)
        return inputRequired({ inputRequests: ask, requestState: await guard.mint('s', ctx, request) });
      return { contents: [{ uri: uri.href, text: 'doc ok' }] };
    },
  );
  return server;
}

type Connect = (build: () => McpServer | Server) => Promise<{ client: Client; close: () => Promise<void> }>;

function newClient(): Client {
  return new Client(
    { name: 't', version: '1' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      capabilities: { elicitation: { form: {} } },
      inputRequired: { autoFulfill: false },
    },
  );
}

const overHttp: Connect = async (build) => {
  const handler = createMcpHandler(build);
  const client = newClient();
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://srv.test/mcp'), {
      fetch: (url, init) => handler.fetch(new Request(url, init)),
    }),
  );
  return { client, close: () => client.close() };
};

const inMemory: Connect = async (build) => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(build, { transport: serverSide });
  const client = newClient();
  await client.connect(clientSide);
  return { client, close: async () => (await client.close(), await served.close()) };
};

function setUp(connect: Connect, verify = true) {
  const observed: Observed = { reasons: [], firedWithState: 0 };
  const guard = protectRequestState<ServerContext>(security, {
    audience: 'srv',
    onInvalid: (error) => observed.reasons.push(error.reason),
  });
  return { observed, guard, open: () => connect(() => buildServer(guard, observed, verify)) };
}

const allowInputRequired = { allowInputRequired: true } as const;
type StateRound = { requestState: string };

/** The first leg of a guarded tool call: answered with a question and a sealed state. */
const firstRound = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args }, allowInputRequired)) as unknown as StateRound;

/** A retry of a tool call carrying the answer and the state given. */
const retryTool = (client: Client, name: string, args: Record<string, unknown>, requestState: string) =>
  client.callTool({ name, arguments: args, inputResponses: answered, requestState } as never, allowInputRequired);

describe.each([
  ['over HTTP (createMcpHandler)', overHttp],
  ['in memory (serveStdio)', inMemory],
])('guard.install(mcpServer) %s', (_label, connect) => {
  it('a tool whose read() refuses other arguments answers -32602, not an isError result', async () => {
    const { observed, open } = setUp(connect);
    const { client, close } = await open();
    const round = await firstRound(client, 'deploy', { service: 'api' });
    const retry = (args: Record<string, unknown>) => retryTool(client, 'deploy', args, round.requestState);
    await expect(retry({ service: 'db' })).rejects.toMatchObject(FIXED);
    await expect(retry({ service: 'db', swallow: true })).rejects.toMatchObject(FIXED);
    expect(observed.reasons).toEqual(['arguments_mismatch', 'arguments_mismatch']);
    await expect(retry({ service: 'api' })).resolves.toMatchObject({ content: [{ type: 'text', text: 'deploy api' }] });
    await close();
  });

  it('the state of another tool is refused before a handler that never calls read() runs', async () => {
    const { observed, open } = setUp(connect);
    const { client, close } = await open();
    const round = await firstRound(client, 'deploy', { service: 'api' });
    await expect(retryTool(client, 'fire', { service: 'api' }, round.requestState)).rejects.toMatchObject(FIXED);
    await expect(retryTool(client, 'destroy', { service: 'api' }, round.requestState)).rejects.toMatchObject(FIXED);
    expect(observed.firedWithState).toBe(0);
    expect(observed.reasons).toEqual(['target_mismatch', 'target_mismatch']);
    // its own state still reaches it
    const own = await firstRound(client, 'fire', { service: 'api' });
    await expect(retryTool(client, 'fire', { service: 'api' }, own.requestState)).resolves.toMatchObject({
      content: [{ text: 'fired' }],
    });
    // and without read() it sees a closed handle, never the plaintext
    expect(observed.seenWithoutRead).toContain('VerifiedRequestState');
    expect(observed.seenWithoutRead).not.toContain('confirm-plaintext');
    await close();
  });

  it('a prompt: the state of another prompt or of other arguments is -32602', async () => {
    const { observed, open } = setUp(connect);
    const { client, close } = await open();
    const round = (await client.getPrompt(
      { name: 'brief', arguments: { topic: 'q3' } },
      allowInputRequired,
    )) as unknown as StateRound;
    const retry = (name: string, topic: string) =>
      client.getPrompt(
        { name, arguments: { topic }, inputResponses: answered, requestState: round.requestState } as never,
        allowInputRequired,
      );
    await expect(retry('leak', 'q3')).rejects.toMatchObject(FIXED);
    await expect(retry('brief', 'layoffs')).rejects.toMatchObject(FIXED);
    expect(observed.reasons).toEqual(['target_mismatch', 'arguments_mismatch']);
    await expect(retry('brief', 'q3')).resolves.toMatchObject({ messages: [{ content: { text: 'brief ok' } }] });
    await close();
  });

  it('a resource: the state of another resource is -32602', async () => {
    const { observed, open } = setUp(connect);
    const { client, close } = await open();
    const round = (await client.readResource({ uri: 'doc://a' }, allowInputRequired as never)) as unknown as StateRound;
    const retry = (uri: string) =>
      client.readResource(
        { uri, inputResponses: answered, requestState: round.requestState } as never,
        allowInputRequired as never,
      );
    await expect(retry('doc://b')).rejects.toMatchObject(FIXED);
    expect(observed.reasons).toEqual(['target_mismatch']);
    await expect(retry('doc://a')).resolves.toMatchObject({ contents: [{ text: 'doc ok' }] });
    await close();
  });

  it('without the verify hook, a raw state is refused before any handler (fail closed)', async () => {
    const { observed, open } = setUp(connect, false);
    const { client, close } = await open();
    await expect(retryTool(client, 'fire', { service: 'api' }, 'v1.forged')).rejects.toMatchObject(FIXED);
    expect(observed).toEqual({ reasons: ['not_verified'], firedWithState: 0 });
    await close();
  });
});

describe('guard.install refuses what it cannot guard', () => {
  const guard = protectRequestState<ServerContext>(security, { audience: 'srv' });
  const noop = async () => ({ content: [] });

  it.each([
    ['tools/call', (server: McpServer) => server.registerTool('t', {}, noop)],
    ['prompts/get', (server: McpServer) => server.registerPrompt('p', {}, async () => ({ messages: [] }))],
    [
      'resources/read',
      (server: McpServer) => server.registerResource('r', 'doc://r', {}, async () => ({ contents: [] })),
    ],
  ])('a server whose %s handler is already set (registered before install)', async (method, register) => {
    const server = new McpServer({ name: 'srv', version: '1' }, { requestState: { verify: guard.verify } });
    register(server);
    expect(() => guard.install(server)).toThrow(RequestStateConfigError);
    expect(() => guard.install(server)).toThrow(new RegExp(`${method} already has a handler.*before any registerTool`));
  });

  it('an McpServer built with capabilities.tools (its constructor sets the handler)', async () => {
    const server = new McpServer({ name: 'srv', version: '1' }, { capabilities: { tools: {} } });
    expect(() => guard.install(server)).toThrow(/tools\/call already has a handler/);
  });

  it('is for servers only (compile time)', async () => {
    const client = newClient();
    // @ts-expect-error a Client handles requests too, but is not a server to protect
    expect(() => guard.install(client)).toThrow(/expected an McpServer or a low-level Server/);
  });

  it('a second install on the same server', async () => {
    const server = guard.install(new McpServer({ name: 'srv', version: '1' }));
    expect(() => guard.install(server)).toThrow(/already protected/);
    expect(() => protectRequestState<ServerContext>(security, { audience: 'srv' }).install(server)).toThrow(
      /already protected/,
    );
  });
});

describe('mint on an installed server', () => {
  it('refuses, on the first round, a target the request does not name', async () => {
    const guard = protectRequestState<ServerContext>(security, { audience: 'srv' });
    const { client, close } = await inMemory(() => {
      const server = guard.install(
        new McpServer({ name: 'srv', version: '1' }, { requestState: { verify: guard.verify } }),
      );
      server.registerTool('deploy', {}, async (ctx) =>
        inputRequired({ inputRequests: ask, requestState: await guard.mint('s', ctx, { target: 'Deploy' }) }),
      );
      return server;
    });
    const result = await client.callTool({ name: 'deploy', arguments: {} }, allowInputRequired);
    expect(result).toMatchObject({
      isError: true,
      content: [{ text: 'requestState minted for target "Deploy", but this tools/call request names "deploy"' }],
    });
    await close();
  });
});

describe('guard.install on the low-level Server', () => {
  it('guards a tools/call handler set after it: another tool’s state never reaches it', async () => {
    const reasons: InvalidStateReason[] = [];
    let firedWithState = 0;
    const guard = protectRequestState<ServerContext>(security, {
      audience: 'srv',
      onInvalid: (error) => reasons.push(error.reason),
    });
    const { client, close } = await inMemory(() => {
      const server = guard.install(
        new Server(
          { name: 'srv', version: '1' },
          { capabilities: { tools: {} }, requestState: { verify: guard.verify } },
        ),
      );
      server.setRequestHandler('tools/list', () => ({ tools: [] }));
      server.setRequestHandler('tools/call', async (request, ctx) => {
        if (request.params.name === 'deploy')
          return inputRequired({ inputRequests: ask, requestState: await guard.mint('s', ctx, { target: 'deploy' }) });
        if (ctx.mcpReq.requestState() !== undefined) firedWithState += 1;
        return { content: [{ type: 'text', text: 'fired' }] };
      });
      return server;
    });
    const round = await firstRound(client, 'deploy', {});
    await expect(retryTool(client, 'fire', {}, round.requestState)).rejects.toMatchObject(FIXED);
    expect({ reasons, firedWithState }).toEqual({ reasons: ['target_mismatch'], firedWithState: 0 });
    await close();
  });
});

describe('guard.install with a 2025-era client', () => {
  it('the SDK’s legacy shim runs the rounds in process through the wrapper, and the flow completes', async () => {
    const observed: Observed = { reasons: [], firedWithState: 0 };
    const guard = protectRequestState<ServerContext>(security, {
      audience: 'srv',
      onInvalid: (error) => observed.reasons.push(error.reason),
    });
    const server = buildServer(guard, observed);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 't', version: '1' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { who: 'ops' } }));
    await client.connect(clientSide);
    await expect(client.callTool({ name: 'deploy', arguments: { service: 'api' } })).resolves.toMatchObject({
      content: [{ type: 'text', text: 'deploy api' }],
    });
    await expect(client.callTool({ name: 'fire', arguments: { service: 'api' } })).resolves.toMatchObject({
      content: [{ type: 'text', text: 'fired' }],
    });
    expect(observed.reasons).toEqual([]);
    await client.close();
    await server.close();
  });
});
