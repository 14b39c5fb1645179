import type { Server } from 'node:http';
import { createBookingsApp } from '../src/shared/bookings';
import { createExpressServer } from '../src/express/server';
import { createFastifyServer } from '../src/fastify/server';
import { TOKEN } from './drive-bookings';
import { mcpPost, rawExchange } from './raw-exchange';
import { baseOnceListening } from './serve-then-close';

// The README's Express and Fastify mounts, as the examples wire them: a Host that is not a URL authority is
// answered 403 (it used to make nodeHandler throw: no answer behind Fastify's hijack, a 500 stack trace page
// from Express), and a request without a token is refused before its body is read (it used to be parsed whole
// by the framework first).

const BAD_HOSTS = ['a b', '[', 'evil.example:99999', '127.0.0.1@evil'];
const CALL = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

interface Mounted {
  base: string;
  close(): Promise<void>;
}

const mounts: Array<[string, () => Promise<Mounted>]> = [
  [
    'Express 5',
    async () => {
      const tessera = createBookingsApp(TOKEN);
      const server: Server = createExpressServer(tessera).listen(0, '127.0.0.1');
      const base = await baseOnceListening(server);
      return {
        base,
        close: async () => {
          server.closeAllConnections();
          await new Promise((resolve) => server.close(resolve));
          await tessera.close();
        },
      };
    },
  ],
  [
    'Fastify 5',
    async () => {
      const app = createFastifyServer(createBookingsApp(TOKEN), 100);
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      return { base, close: () => app.close() };
    },
  ],
];

describe.each(mounts)('%s mount', (_name, mount) => {
  let mounted: Mounted;
  beforeAll(async () => (mounted = await mount()));
  afterAll(() => mounted.close());

  test.each(BAD_HOSTS)('Host %j: 403, with and without a token, no stack trace', async (host) => {
    for (const headers of [{}, { Authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
      const answer = await rawExchange(mounted.base, mcpPost(host, headers, CALL));
      expect(answer?.status).toBe(403);
      expect(answer?.text).toContain('Invalid Host header');
      expect(answer?.text).not.toMatch(/node_modules|at .+\(/);
    }
  });

  test('no token and a large body announced: 401 before a byte of it is sent', async () => {
    const request = mcpPost('127.0.0.1', { 'Content-Length': String(3 * 1024 * 1024) });
    const answer = await rawExchange(mounted.base, request, 5000);
    expect(answer?.status).toBe(401);
  });

  test('with the token the body is read and served', async () => {
    const answer = await rawExchange(
      mounted.base,
      mcpPost(
        '127.0.0.1',
        { Authorization: `Bearer ${TOKEN}`, 'Mcp-Protocol-Version': '2025-06-18', Connection: 'close' },
        CALL,
      ),
    );
    expect(answer?.status).toBe(200);
  });
});
