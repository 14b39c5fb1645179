import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, inputRequired, McpServer, Server, type ServerContext } from '@modelcontextprotocol/server';
import { inspect } from 'node:util';
import { z } from 'zod';
import {
  InvalidRequestStateProtocolError,
  protectRequestState,
  RequestStateSecurity,
  type InvalidStateReason,
} from '@tessera/request-state';

// #14 item 7: a read() refusal (the state of another prompt or tool, other arguments) answers the fixed
// -32602 by default, with no rejectWith, exactly like a refusal in the verify hook.
const security = new RequestStateSecurity({ keys: ['read-refusal-key-'.padEnd(48, 'r')] });
const FIXED = { code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } };

function clientOf(build: () => McpServer | Server) {
  const handler = createMcpHandler(build);
  const client = new Client(
    { name: 't', version: '1' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      capabilities: { elicitation: { form: {} } },
      inputRequired: { autoFulfill: false },
    },
  );
  const transport = new StreamableHTTPClientTransport(new URL('http://srv.test/mcp'), {
    fetch: (url, init) => handler.fetch(new Request(url, init)),
  });
  return { client, transport };
}

const ask = {
  who: inputRequired.elicit({
    message: 'Who?',
    requestedSchema: { type: 'object', properties: { who: { type: 'string' } } },
  }),
};

describe('read() refusals are the fixed -32602 without any option', () => {
  const reasons: InvalidStateReason[] = [];
  const guard = protectRequestState<ServerContext>(security, {
    audience: 'srv',
    onInvalid: (e) => reasons.push(e.reason),
  });
  beforeEach(async () => reasons.splice(0));

  it('the default rejection carries the JSON-RPC code, message and data, and no reason', async () => {
    const error = new InvalidRequestStateProtocolError();
    expect({ code: error.code, message: error.message, data: error.data }).toEqual(FIXED);
    expect(JSON.stringify(error)).not.toMatch(/mismatch|not_verified/);
  });

  it('on a prompt: another prompt’s state is -32602', async () => {
    const { client, transport } = clientOf(() => {
      const server = new McpServer({ name: 'srv', version: '1' }, { requestState: { verify: guard.verify } });
      for (const name of ['brief', 'fire']) {
        server.registerPrompt(name, { argsSchema: z.object({ topic: z.string() }) }, async (args, ctx) => {
          const request = { target: name, arguments: args };
          if (guard.read(ctx, request) === undefined)
            return inputRequired({ inputRequests: ask, requestState: await guard.mint('s', ctx, request) });
          return { messages: [{ role: 'user', content: { type: 'text', text: `${name} ok` } }] };
        });
      }
      return server;
    });
    await client.connect(transport);
    const round = (await client.getPrompt(
      { name: 'brief', arguments: { topic: 'q3' } },
      { allowInputRequired: true },
    )) as unknown as { requestState: string };
    await expect(
      client.getPrompt({ name: 'fire', arguments: { topic: 'q3' }, requestState: round.requestState } as never, {
        allowInputRequired: true,
      }),
    ).rejects.toMatchObject(FIXED);
    expect(reasons).toEqual(['target_mismatch']);
    await client.close();
  });

  it('on a tool of the low-level Server: other arguments are -32602', async () => {
    const { client, transport } = clientOf(() => {
      const server = new Server(
        { name: 'srv', version: '1' },
        { capabilities: { tools: {} }, requestState: { verify: guard.verify } },
      );
      server.setRequestHandler('tools/list', () => ({ tools: [] }));
      server.setRequestHandler('tools/call', async (request, ctx) => {
        const target = { target: request.params.name, arguments: request.params.arguments ?? {} };
        if (guard.read(ctx, target) === undefined)
          return inputRequired({ inputRequests: ask, requestState: await guard.mint('s', ctx, target) });
        return { content: [{ type: 'text', text: 'done' }] };
      });
      return server;
    });
    await client.connect(transport);
    const round = (await client.callTool(
      { name: 'deploy', arguments: { n: 1 } },
      { allowInputRequired: true },
    )) as unknown as { requestState: string };
    await expect(
      client.callTool({ name: 'deploy', arguments: { n: 2 }, requestState: round.requestState } as never, {
        allowInputRequired: true,
      }),
    ).rejects.toMatchObject(FIXED);
    expect(reasons).toEqual(['arguments_mismatch']);
    const same = await client.callTool(
      { name: 'deploy', arguments: { n: 1 }, requestState: round.requestState } as never,
      { allowInputRequired: true },
    );
    expect(same).toMatchObject({ content: [{ type: 'text', text: 'done' }] });
    await client.close();
  });

  it('the verified value is reachable only through read(): the handle hides it from every generic look', async () => {
    const ctx = { mcpReq: { method: 'tools/call', requestState: () => undefined } } as unknown as ServerContext;
    const handle = await guard.verify(await guard.mint({ secret: 'PLAINTEXT' }, ctx, { target: 'deploy' }), ctx);
    const looks = [
      JSON.stringify(handle),
      String(Object.getOwnPropertyNames(handle)),
      String(Object.getOwnPropertySymbols(handle).length),
      inspect(handle, { showHidden: true, depth: 9 }),
    ];
    expect(looks.join(' ')).not.toContain('PLAINTEXT');
  });
});
