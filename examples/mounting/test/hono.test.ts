import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createBookingsApp } from '../src/shared/bookings';
import { createHonoApp } from '../src/hono/server';
import type { Server } from 'node:http';
import { closeGracefully } from '../src/shared/serve-until-signalled';
import {
  expectBadArgumentsNamed,
  expectBookingFlow,
  expectRefusedWithoutToken,
  openListenStream,
  TOKEN,
} from './drive-bookings';

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
    let listener: (() => Promise<void>) | undefined;
    try {
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ ok: true });
      await expectBookingFlow(`${base}/mcp`);
      expect(audited.filter((line) => line === 'mcp tools/call')).toHaveLength(3); // three legs, each read by the host
      await expectRefusedWithoutToken(`${base}/mcp`);
      await expectBadArgumentsNamed(`${base}/mcp`);
      listener = await openListenStream(`${base}/mcp`);
    } finally {
      const started = Date.now();
      await closeGracefully(server as Server, tessera, 300);
      expect(Date.now() - started).toBeLessThan(5000);
      await listener?.();
    }
    expect(server.listening).toBe(false);
  });
});
