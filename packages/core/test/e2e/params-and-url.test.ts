import {
  createApp,
  createParamDecorator,
  Elicit,
  Provider,
  Resource,
  silentLogger,
  Tool,
  UseGuards,
  Elicitation,
  type ExecutionContext,
} from '@tessera/core';
import { connectInMemory, sendRaw } from '@tessera/testing';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Client } from '@modelcontextprotocol/client';
import { serveStdio } from '@tessera/core/node';

const order: string[] = [];
const ClientName = createParamDecorator<string>((ctx: ExecutionContext, prefix) => {
  order.push('param');
  return `${prefix}:${ctx.clientInfo?.name}`;
});

@Provider()
class Things {
  @Tool()
  @UseGuards({ canActivate: () => (order.push('guard'), true) })
  who(@ClientName('client') name: string): string {
    return name;
  }

  @Tool()
  @UseGuards({ canActivate: () => false })
  never(@ClientName('client') name: string): string {
    return name;
  }

  @Tool()
  connect(
    @Elicit.url({
      key: 'oauth',
      message: 'Sign in to the provider',
      url: ({ args }) => `https://auth.example/start?for=${String(args.account)}`,
    })
    step: Elicitation<never>,
  ): string {
    return `sign-in ${step.action}`;
  }

  @Resource('blob://logo', { mimeType: 'image/png' })
  logo(): Uint8Array {
    return new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  }
}

const app = () => createApp({ name: 't', version: '1', providers: [Things], logger: silentLogger });
const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

describe('createParamDecorator', () => {
  test('its resolver gets the context and the data, after the guards', async () => {
    order.length = 0;
    const client = await connectInMemory(app());
    expect(text(await client.callTool({ name: 'who', arguments: {} }))).toBe('client:tessera-test-client');
    expect(order).toEqual(['guard', 'param']);
  });

  test('a refused caller never reaches it', async () => {
    order.length = 0;
    const client = await connectInMemory(app());
    expect((await client.callTool({ name: 'never', arguments: {} })).isError).toBe(true);
    expect(order).toEqual([]);
  });
});

describe('@Elicit.url', () => {
  test('asks in URL mode, computed from the arguments, and injects the outcome', async () => {
    const client = await connectInMemory(app(), { capabilities: { elicitation: { form: {}, url: {} } } });
    const seen: unknown[] = [];
    client.setRequestHandler('elicitation/create', async (r) => {
      seen.push(r.params);
      return { action: 'accept' };
    });
    expect(text(await client.callTool({ name: 'connect', arguments: { account: 'acme' } }))).toBe('sign-in accept');
    expect(seen).toEqual([
      expect.objectContaining({
        mode: 'url',
        message: 'Sign in to the provider',
        url: 'https://auth.example/start?for=acme',
      }),
    ]);
    expect(seen[0]).not.toHaveProperty('elicitationId');
  });

  test('on a 2025-era connection it is pushed with the elicitationId that era needs', async () => {
    const a = app();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    serveStdio(a, { transport: serverSide });
    const c = new Client({ name: 'old', version: '1' }, { capabilities: { elicitation: { form: {}, url: {} } } });
    const seen: unknown[] = [];
    c.setRequestHandler('elicitation/create', async (r) => {
      seen.push(r.params);
      return { action: 'decline' };
    });
    await c.connect(clientSide);
    expect(text(await c.callTool({ name: 'connect', arguments: { account: 'acme' } }))).toBe('sign-in decline');
    expect(seen).toEqual([
      expect.objectContaining({ mode: 'url', url: 'https://auth.example/start?for=acme', elicitationId: 'oauth' }),
    ]);
    await a.close();
  });

  test('a client without elicitation.url gets -32021 naming it', async () => {
    const r = await sendRaw(
      app(),
      'tools/call',
      { name: 'connect', arguments: { account: 'acme' } },
      { capabilities: { elicitation: { form: {} } } },
    );
    expect(r.body.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } });
  });
});

test('a resource returning bytes is sent as a base64 blob with its MIME type', async () => {
  const client = await connectInMemory(app());
  const r = await client.readResource({ uri: 'blob://logo' });
  expect(r.contents).toEqual([
    { uri: 'blob://logo', mimeType: 'image/png', blob: Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64') },
  ]);
});
