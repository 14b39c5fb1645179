import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createBookingsApp } from '../src/shared/bookings';
import { createHonoApp } from '../src/hono/server';
import { expectBadArgumentsNamed, expectBookingFlow, expectRefusedWithoutToken, TOKEN } from './drive-bookings';

describe('Hono on @hono/node-server: a Tessera app at /mcp through its fetch face', () => {
  test('serves the flow with a body a host middleware already read, and the auth header; closes gracefully', async () => {
    const tessera = createBookingsApp(TOKEN);
    const audited: string[] = [];
    const server = serve({
      fetch: createHonoApp(tessera, (line) => audited.push(line)).fetch,
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ ok: true });
      await expectBookingFlow(`${base}/mcp`);
      expect(audited.filter((line) => line === 'mcp tools/call')).toHaveLength(3); // three legs, each read by the host
      await expectRefusedWithoutToken(`${base}/mcp`);
      await expectBadArgumentsNamed(`${base}/mcp`);
    } finally {
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      await tessera.close();
    }
    expect(server.listening).toBe(false);
  });
});
