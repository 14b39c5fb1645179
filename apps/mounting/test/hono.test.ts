import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { createBookingsApp } from '../src/shared/bookings';
import { createHonoApp } from '../src/hono/server';
import { closeGracefully } from '../src/shared/serve-until-signalled';
import { TOKEN } from './drive-bookings';
import { baseOnceListening, serveThenClose } from './serve-then-close';

describe('Hono on @hono/node-server: a Tessera app at /mcp through its fetch face', () => {
  test('serves the flow with a body a host middleware already read, and the auth header; closes gracefully', async () => {
    const tessera = createBookingsApp(TOKEN);
    const audited: string[] = [];
    const server = serve({
      fetch: createHonoApp(tessera, (line) => audited.push(line)).fetch,
      port: 0,
      hostname: '127.0.0.1',
    }) as Server;
    const base = await baseOnceListening(server);
    await serveThenClose(base, {
      hostRoute: { path: '/api/health', body: { ok: true } },
      // three legs, each read by the host
      afterFlow: () => expect(audited.filter((line) => line === 'mcp tools/call')).toHaveLength(3),
      close: () => closeGracefully(server, tessera, 300),
    });
    expect(server.listening).toBe(false);
  });
});
