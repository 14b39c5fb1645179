import { inputRequired } from '@modelcontextprotocol/server';
import { createApp, Ctx, ExecutionContext, Prompt, Provider, silentLogger, Tool, type TesseraApp } from '@tessera/core';
import { connectHttp } from '@tessera/testing';
import { textOf } from './support/result-text';
import { type HttpListener, listen } from '@tessera/core/node';

@Provider()
class Era {
  @Tool({ description: 'Tells what the server saw of this call' })
  whoami(@Ctx() ctx: ExecutionContext): unknown {
    return {
      era: ctx.era,
      protocol: ctx.protocolVersion,
      client: ctx.clientInfo?.name,
      elicitation: ctx.clientCapabilities?.elicitation !== undefined,
    };
  }

  @Tool({ returnsInputRequired: true })
  ask(@Ctx() ctx: ExecutionContext): unknown {
    if (ctx.inputResponses) return 'answered';
    return inputRequired({
      inputRequests: {
        q: inputRequired.elicit({
          message: 'Sure?',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        }),
      },
    });
  }

  @Prompt()
  hello(): string {
    return 'hello from a 2025 connection';
  }
}

describe('2025-era clients over Streamable HTTP (127.0.0.1)', () => {
  let app: TesseraApp;
  let listener: HttpListener;

  beforeAll(async () => {
    app = createApp({ name: 'dual-era', version: '1.0.0', providers: [Era], logger: silentLogger });
    listener = await listen(app, { port: 0 });
  });

  afterAll(async () => {
    await app.close();
  });

  test('the listener is on 127.0.0.1', () => {
    expect(listener.url.hostname).toBe('127.0.0.1');
    expect(listener.url.pathname).toBe('/mcp');
  });

  test("protocol: 'legacy' completes initialize, lists and calls a tool", async () => {
    const client = await connectHttp(listener.url, {
      protocol: 'legacy',
      capabilities: { elicitation: { form: {} } },
      clientInfo: { name: 'old-client', version: '0.9.0' },
    });
    expect(client.getServerVersion()).toMatchObject({ name: 'dual-era', version: '1.0.0' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['whoami', 'ask']);
    const seen = JSON.parse(textOf(await client.callTool({ name: 'whoami', arguments: {} })));
    // Stateless 2025 HTTP: initialize went to another per-request server, so this one knows the era and
    // (from the MCP-Protocol-Version header) the version, but not the client's info or capabilities.
    expect(seen).toMatchObject({ era: 'legacy', protocol: expect.stringMatching(/^2025-/) });
    const prompt = await client.getPrompt({ name: 'hello', arguments: {} });
    expect(prompt.messages[0].content).toEqual({ type: 'text', text: 'hello from a 2025 connection' });
    await client.close();
  });

  test('the same listener serves a 2026-07-28 client', async () => {
    const client = await connectHttp(listener.url);
    const seen = JSON.parse(textOf(await client.callTool({ name: 'whoami', arguments: {} })));
    expect(seen).toMatchObject({ era: 'modern', protocol: '2026-07-28', client: 'tessera-test-client' });
    await client.close();
  });

  test("a handler's own InputRequiredResult on a 2025 request is -32603 (no legacy bridge by default)", async () => {
    const client = await connectHttp(listener.url, { protocol: 'legacy', capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { ok: true } }));
    await expect(client.callTool({ name: 'ask', arguments: {} })).rejects.toMatchObject({ code: -32603 });
    await client.close();
  });

  test('requests off the endpoint path are 404', async () => {
    const response = await fetch(new URL('/elsewhere', listener.url));
    expect(response.status).toBe(404);
  });
});
