import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { IsIn } from 'class-validator';
import {
  Args,
  createApp,
  Ctx,
  Elicit,
  Field,
  Provider,
  silentLogger,
  Tool,
  type ExecutionContext,
  type TesseraApp,
} from '@tessera/core';
import { nodeHandler, type NodeHandlerOptions, type NodeMcpHandler } from '@tessera/core/node';
import { connectHttp } from '@tessera/testing';

class Trip {
  @Field() city!: string;
}
class Seat {
  @Field() @IsIn(['window', 'aisle']) seat!: string;
}
class Meal {
  @Field() @IsIn(['veg', 'any']) meal!: string;
}

@Provider()
class Trips {
  @Tool()
  book(
    @Args() trip: Trip,
    @Elicit({ key: 'seat', message: ({ args }) => `Seat to ${args.city}?`, schema: Seat }) seat: Seat,
    @Elicit({ key: 'meal', message: 'Meal?', schema: Meal, after: ['seat'] }) meal: Meal,
    @Ctx() ctx: ExecutionContext,
  ): string {
    return `${trip.city}: ${seat.seat}, ${meal.meal}, for ${ctx.authInfo?.clientId ?? 'nobody'}`;
  }
}

type Host = 'parsed' | 'stream';

/** A host server standing in for a framework: it parses the JSON body itself ('parsed') or leaves it unread. */
async function host(
  app: TesseraApp,
  how: Host,
  options?: NodeHandlerOptions,
  before?: (req: IncomingMessage) => void,
): Promise<{ url: URL; server: Server }> {
  const mcp: NodeMcpHandler = nodeHandler(app, options);
  const server = createServer((req, res) => {
    if (req.url !== '/api/mcp') return void res.writeHead(404).end();
    before?.(req);
    if (how === 'stream' || req.method !== 'POST') return void mcp(req, res);
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => void mcp(req, res, JSON.parse(text)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: new URL(`http://127.0.0.1:${port}/api/mcp`), server };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function client(url: URL, headers?: Record<string, string>): Promise<{ client: Client; asked: string[] }> {
  const asked: string[] = [];
  const c = await connectHttp(url, { capabilities: { elicitation: { form: {} } }, headers });
  c.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params.message);
    const content: Record<string, string> = request.params.message === 'Meal?' ? { meal: 'veg' } : { seat: 'window' };
    return { action: 'accept', content };
  });
  cleanups.push(() => c.close());
  return { client: c, asked };
}

function textOf(result: unknown): string {
  return (result as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('');
}

function appWith(auth?: Parameters<typeof createApp>[1]): TesseraApp {
  const app = createApp({ name: 'trips', version: '1', providers: [Trips], logger: silentLogger }, auth);
  cleanups.push(() => app.close());
  return app;
}

function serve(server: Server): void {
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
}

describe('nodeHandler: an app mounted at a route of a host server', () => {
  test.each<[Host, boolean]>([
    ['parsed', true],
    ['stream', true],
    ['stream', false],
  ])('a two-round @Elicit flow, body %s (fast path %s)', async (how, fastPath) => {
    const { url, server } = await host(appWith(), how, { fastPath });
    serve(server);
    const { client: c, asked } = await client(url);
    const result = await c.callTool({ name: 'book', arguments: { city: 'Oslo' } });
    expect(textOf(result)).toBe('Oslo: window, veg, for nobody');
    expect(asked).toEqual(['Seat to Oslo?', 'Meal?']);
  });

  test("the Authorization header reaches the app's own verifier; a missing token is answered 401", async () => {
    const verifier = {
      verifyAccessToken: async (token: string): Promise<AuthInfo> => {
        if (token !== 'good') throw new Error('bad token');
        return { token, clientId: 'alice', scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
      },
    };
    const app = appWith({ auth: { verifier } });
    for (const how of ['parsed', 'stream'] as const) {
      const { url, server } = await host(app, how);
      serve(server);
      const { client: c } = await client(url, { authorization: 'Bearer good' });
      expect(textOf(await c.callTool({ name: 'book', arguments: { city: 'Rome' } }))).toBe(
        'Rome: window, veg, for alice',
      );
      const refused = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  test.each<Host>(['parsed', 'stream'])(
    'an identity the host verified (req.auth) is the caller when the app verifies none (body %s)',
    async (how) => {
      const { url, server } = await host(appWith(), how, {}, (req) => {
        (req as IncomingMessage & { auth?: AuthInfo }).auth = { token: 't', clientId: 'host-bob', scopes: [] };
      });
      serve(server);
      const { client: c } = await client(url);
      expect(textOf(await c.callTool({ name: 'book', arguments: { city: 'Bern' } }))).toBe(
        'Bern: window, veg, for host-bob',
      );
    },
  );

  test('allowedHosts refuses a foreign Host before anything is served', async () => {
    const { url, server } = await host(appWith(), 'parsed', { allowedHosts: ['localhost'] });
    serve(server);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(403);
  });

  test('a body another middleware read and did not hand over is a 500 that says so, never a hang', async () => {
    const app = appWith();
    const mcp = nodeHandler(app);
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => void mcp(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serve(server);
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).toMatch(/read by the host application and not passed on/);
  });

  test("a parsed body over the app's bounds is refused as listen refuses it", async () => {
    const { url, server } = await host(appWith(), 'parsed');
    serve(server);
    const deep = JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'book', arguments: { city: deep } },
      }),
    });
    const answer = (await response.json()) as { error?: { message: string }; id: unknown };
    expect(answer.id).toBe(7);
    expect(answer.error?.message).toMatch(/depth|nest/i);
  });
});
