import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, inputRequired, McpServer, type ServerContext } from '@modelcontextprotocol/server';
import {
  protectRequestState,
  RequestStateSecurity,
  VerifiedRequestState,
  type InvalidStateReason,
  type RequestStateContext,
} from '@tessera/request-state';
import { KEY_A, reasonOf } from './helpers';

// #14 item 7, defence in depth: on HTTP the verify hook compares the state's target with the Mcp-Name
// header, which createMcpHandler holds equal to params.name/uri on 2026-07-28 requests. So even without
// guard.install(), a handler that never calls read() is not reached with another tool's state there.
const security = new RequestStateSecurity({ keys: [KEY_A] });

function contextNaming(method: string, mcpName: string | undefined): RequestStateContext {
  const headers = new Headers(mcpName === undefined ? {} : { 'mcp-name': mcpName });
  return { mcpReq: { method, requestState: () => undefined }, http: { req: { headers } } };
}

describe('verify checks the Mcp-Name header against the state', () => {
  const guard = protectRequestState(security, { audience: 'srv', rejectWith: (e) => e });
  const base64 = (text: string) => `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;

  it('refuses a state whose target the header does not name; accepts the named one and a request without the header', async () => {
    const token = await guard.mint('s', contextNaming('tools/call', 'deploy'), { target: 'deploy' });
    expect(await reasonOf(() => guard.verify(token, contextNaming('tools/call', 'fire')))).toBe('target_mismatch');
    expect(await guard.verify(token, contextNaming('tools/call', ' deploy\t'))).toBeInstanceOf(VerifiedRequestState);
    expect(await guard.verify(token, contextNaming('tools/call', undefined))).toBeInstanceOf(VerifiedRequestState);
  });

  it('decodes the base64 form of a non-ASCII name, and never accepts an undecodable one as a match', async () => {
    const token = await guard.mint('s', contextNaming('prompts/get', undefined), { target: 'résumé' });
    expect(await guard.verify(token, contextNaming('prompts/get', base64('résumé')))).toBeInstanceOf(
      VerifiedRequestState,
    );
    expect(await reasonOf(() => guard.verify(token, contextNaming('prompts/get', base64('resume'))))).toBe(
      'target_mismatch',
    );
    // not canonical base64: the SDK refuses such a header itself; here it is simply not a name to compare
    expect(await guard.verify(token, contextNaming('prompts/get', '=?base64?cg=?='))).toBeInstanceOf(
      VerifiedRequestState,
    );
  });

  it('on resources, the URI as sent and its URL form name the same target', async () => {
    const token = await guard.mint('s', contextNaming('resources/read', undefined), {
      target: 'https://example.com/a',
    });
    expect(await guard.verify(token, contextNaming('resources/read', 'HTTPS://EXAMPLE.com/a'))).toBeInstanceOf(
      VerifiedRequestState,
    );
    expect(await reasonOf(() => guard.verify(token, contextNaming('resources/read', 'https://example.com/b')))).toBe(
      'target_mismatch',
    );
  });
});

describe('over HTTP without install(), another tool’s state never reaches a handler that does not call read()', () => {
  it('is refused in the hook with the fixed -32602, and onInvalid gets the reason', async () => {
    const reasons: InvalidStateReason[] = [];
    let firedWithState = 0;
    const guard = protectRequestState<ServerContext>(security, {
      audience: 'srv',
      onInvalid: (error) => reasons.push(error.reason),
    });
    const ask = { ok: inputRequired.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } }) };
    const handler = createMcpHandler(() => {
      const server = new McpServer({ name: 'srv', version: '1' }, { requestState: { verify: guard.verify } });
      server.registerTool('deploy', {}, async (ctx) =>
        inputRequired({ inputRequests: ask, requestState: await guard.mint('s', ctx, { target: 'deploy' }) }),
      );
      server.registerTool('fire', {}, async (ctx) => {
        if (ctx.mcpReq.requestState() !== undefined) firedWithState += 1;
        return { content: [{ type: 'text', text: 'fired' }] };
      });
      return server;
    });
    const client = new Client(
      { name: 't', version: '1' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        capabilities: { elicitation: { form: {} } },
        inputRequired: { autoFulfill: false },
      },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://srv.test/mcp'), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    const round = (await client.callTool(
      { name: 'deploy', arguments: {} },
      { allowInputRequired: true },
    )) as unknown as { requestState: string };
    await expect(
      client.callTool({ name: 'fire', arguments: {}, requestState: round.requestState } as never, {
        allowInputRequired: true,
      }),
    ).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid or expired requestState',
      data: { reason: 'invalid_request_state' },
    });
    expect(firedWithState).toBe(0);
    expect(reasons).toEqual(['target_mismatch']);
    await client.close();
  });
});
