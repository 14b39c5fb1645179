import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  acceptedContent,
  createMcpHandler,
  inputRequired,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type AuthInfo,
  type ServerContext,
  type ServerOptions,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import {
  InvalidRequestStateProtocolError,
  protectRequestState,
  RequestStateSecurity,
  type InvalidStateReason,
} from '@tessera/request-state';

const MARKER = 'plaintext-marker-3f9a'; // must never be seen on the wire
const security = new RequestStateSecurity({ keys: ['e2e-shared-key-'.padEnd(48, 'k')] });
const refusals: InvalidStateReason[] = [];
const guard = protectRequestState<ServerContext>(security, {
  audience: 'deployer',
  onInvalid: (error) => refusals.push(error.reason),
});

// compile-time: the hook drops into the SDK's option as is
const verify: NonNullable<ServerOptions['requestState']>['verify'] = guard.verify;

function buildServer(): McpServer {
  const server = new McpServer({ name: 'deployer', version: '1.0.0' }, { requestState: { verify } });
  const input = z.object({ service: z.string() });
  for (const name of ['deploy', 'destroy']) {
    server.registerTool(name, { inputSchema: input }, async (args, ctx) => {
      const request = { target: name, arguments: args };
      const state = guard.read(ctx, request) as { service: string; marker: string } | undefined;
      const answer = acceptedContent<{ region: string }>(ctx.mcpReq.inputResponses, 'region');
      if (state === undefined || answer === undefined) {
        return inputRequired({
          inputRequests: {
            region: inputRequired.elicit({
              message: `Which region for ${args.service}?`,
              requestedSchema: { type: 'object', properties: { region: { type: 'string' } }, required: ['region'] },
            }),
          },
          requestState: await guard.mint({ service: args.service, marker: MARKER }, ctx, request),
        });
      }
      return {
        content: [{ type: 'text', text: `${name} ${state.service} to ${answer.region} (${state.marker === MARKER})` }],
      };
    });
  }
  return server;
}

interface Exchange {
  request: string;
  response: string;
}

function connectedClient(auth: AuthInfo | undefined, wire: Exchange[], autoFulfill = true) {
  const handler = createMcpHandler(buildServer);
  const fetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(url, init);
    const requestBody = await request.clone().text();
    const response = await handler.fetch(request, { authInfo: auth });
    wire.push({ request: requestBody, response: await response.clone().text() });
    return response;
  };
  const client = new Client(
    { name: 'e2e', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      capabilities: { elicitation: { form: {} } },
      inputRequired: { autoFulfill },
    },
  );
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { region: 'eu-west' } }));
  const transport = new StreamableHTTPClientTransport(new URL('http://deployer.test/mcp'), { fetch });
  return { client, transport, handler };
}

const alice: AuthInfo = { token: 't', clientId: 'app', scopes: [], extra: { iss: 'https://idp', sub: 'alice' } };

describe('protectRequestState with a plain SDK server, end to end over Streamable HTTP', () => {
  beforeEach(async () => refusals.splice(0));

  it('completes the flow; the wire carries a sealed state, never the plaintext', async () => {
    const wire: Exchange[] = [];
    const { client, transport } = connectedClient(alice, wire);
    await client.connect(transport);
    const result = await client.callTool({ name: 'deploy', arguments: { service: 'api' } });
    expect(result.content).toEqual([{ type: 'text', text: 'deploy api to eu-west (true)' }]);
    const all = wire.map((e) => e.request + e.response).join('\n');
    expect(all).toContain('input_required');
    expect(all).toMatch(/"requestState":"v1\.[A-Za-z0-9_-]+"/);
    expect(all).not.toContain(MARKER);
    expect(all).not.toContain(Buffer.from(MARKER).toString('base64url').slice(0, 12));
    expect(refusals).toEqual([]);
    await client.close();
  });

  async function firstRound(auth: AuthInfo | undefined) {
    const wire: Exchange[] = [];
    const { client, transport } = connectedClient(auth, wire, false);
    await client.connect(transport);
    const round = (await client.callTool(
      { name: 'deploy', arguments: { service: 'api' } },
      { allowInputRequired: true },
    )) as unknown as {
      resultType: string;
      requestState: string;
    };
    expect(round.resultType).toBe('input_required');
    return { client, state: round.requestState, wire };
  }

  async function retry(client: Client, params: Record<string, unknown>) {
    return client.callTool(
      {
        name: 'deploy',
        arguments: { service: 'api' },
        inputResponses: { region: { action: 'accept', content: { region: 'us' } } },
        ...params,
      } as never,
      { allowInputRequired: true },
    );
  }

  it('answers a tampered state with -32602 and the exact message', async () => {
    const { client, state, wire } = await firstRound(alice);
    const tampered = state.slice(0, -2) + (state.endsWith('AA') ? 'BA' : 'AA');
    await expect(retry(client, { requestState: tampered })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^(MCP error -32602: )?Invalid or expired requestState$/),
    });
    expect(refusals).toEqual(['tag_mismatch']);
    const answer = JSON.parse(wire[wire.length - 1]!.response.replace(/^(event: message\n)?data: /, ''));
    expect(answer.error).toEqual({
      code: -32602,
      message: 'Invalid or expired requestState',
      data: { reason: 'invalid_request_state' },
    });
    // the untampered state still completes
    await expect(retry(client, { requestState: state })).resolves.toMatchObject({
      content: [{ text: 'deploy api to us (true)' }],
    });
    await client.close();
  });

  it('refuses the state for another principal with -32602 (checked in the hook)', async () => {
    const { state } = await firstRound(alice);
    const { client } = await firstRound({ ...alice, extra: { iss: 'https://idp', sub: 'mallory' } });
    await expect(retry(client, { requestState: state })).rejects.toMatchObject({ code: -32602 });
    expect(refusals).toEqual(['principal_mismatch']);
    await client.close();
  });

  it('refuses the state of another tool in the hook (Mcp-Name), and of other arguments in read(), with the same message', async () => {
    const { client, state } = await firstRound(alice);
    const otherTool = client.callTool(
      { name: 'destroy', arguments: { service: 'api' }, requestState: state } as never,
      { allowInputRequired: true },
    );
    await expect(otherTool).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid or expired requestState',
      data: { reason: 'invalid_request_state' },
    });
    // without guard.install(server), McpServer turns the read() refusal into a tool error (sdk-install.test.ts)
    const otherArgs = await retry(client, { arguments: { service: 'db' }, requestState: state });
    expect(otherArgs).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Invalid or expired requestState' }],
    });
    expect(refusals).toEqual(['target_mismatch', 'arguments_mismatch']);
    await client.close();
  });

  it('read() refuses a raw string when the server has no verify hook (fail closed)', async () => {
    const ctx = { mcpReq: { method: 'tools/call', requestState: () => 'v1.raw' } };
    expect(() => guard.read(ctx as never, { target: 'deploy' })).toThrow(InvalidRequestStateProtocolError);
    expect(refusals).toEqual(['not_verified']);
  });
});

describe('protectRequestState on a prompt, with rejectWith giving -32602 from read()', () => {
  const promptGuard = protectRequestState<ServerContext>(security, {
    audience: 'briefing',
    rejectWith: (e) =>
      new ProtocolError(ProtocolErrorCode.InvalidParams, e.message, { reason: 'invalid_request_state' }),
  });

  function promptClient(autoFulfill: boolean) {
    const handler = createMcpHandler(() => {
      const server = new McpServer(
        { name: 'briefing', version: '1.0.0' },
        { requestState: { verify: promptGuard.verify } },
      );
      server.registerPrompt('briefing', { argsSchema: z.object({ topic: z.string() }) }, async (args, ctx) => {
        const request = { target: 'briefing', arguments: args };
        const state = promptGuard.read(ctx, request) as { topic: string } | undefined;
        const who = acceptedContent<{ who: string }>(ctx.mcpReq.inputResponses, 'who');
        if (state === undefined || who === undefined) {
          return inputRequired({
            inputRequests: {
              who: inputRequired.elicit({
                message: 'Who is it for?',
                requestedSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
              }),
            },
            requestState: await promptGuard.mint({ topic: args.topic }, ctx, request),
          });
        }
        return { messages: [{ role: 'user', content: { type: 'text', text: `Brief ${who.who} on ${state.topic}` } }] };
      });
      return server;
    });
    const client = new Client(
      { name: 'e2e', version: '1.0.0' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        capabilities: { elicitation: { form: {} } },
        inputRequired: { autoFulfill },
      },
    );
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { who: 'the CFO' } }));
    const transport = new StreamableHTTPClientTransport(new URL('http://briefing.test/mcp'), {
      fetch: (url, init) => handler.fetch(new Request(url, init)),
    });
    return { client, transport };
  }

  it('completes, and refuses the state replayed with other prompt arguments with -32602', async () => {
    const auto = promptClient(true);
    await auto.client.connect(auto.transport);
    const done = await auto.client.getPrompt({ name: 'briefing', arguments: { topic: 'Q3' } });
    expect(done.messages[0]!.content).toEqual({ type: 'text', text: 'Brief the CFO on Q3' });
    await auto.client.close();

    const manual = promptClient(false);
    await manual.client.connect(manual.transport);
    const round = (await manual.client.getPrompt(
      { name: 'briefing', arguments: { topic: 'Q3' } },
      { allowInputRequired: true },
    )) as unknown as {
      requestState: string;
    };
    const inputResponses = { who: { action: 'accept', content: { who: 'the CFO' } } };
    await expect(
      manual.client.getPrompt(
        {
          name: 'briefing',
          arguments: { topic: 'layoffs' },
          inputResponses,
          requestState: round.requestState,
        } as never,
        {
          allowInputRequired: true,
        },
      ),
    ).rejects.toMatchObject({ code: -32602, data: { reason: 'invalid_request_state' } });
    await manual.client.close();
  });
});
