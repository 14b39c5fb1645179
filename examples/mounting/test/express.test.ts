import type { AddressInfo } from 'node:net';
import { createBookingsApp } from '../src/shared/bookings';
import { createExpressServer } from '../src/express/server';
import { expectBadArgumentsNamed, expectBookingFlow, expectRefusedWithoutToken, TOKEN } from './drive-bookings';

describe('Express 5: a Tessera app at /mcp of an existing application', () => {
  test('serves the flow beside the host routes, with its parsed body and auth header; closes gracefully', async () => {
    const tessera = createBookingsApp(TOKEN);
    const server = createExpressServer(tessera).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ ok: true });
      await expectBookingFlow(`${base}/mcp`);
      await expectRefusedWithoutToken(`${base}/mcp`);
      await expectBadArgumentsNamed(`${base}/mcp`);
    } finally {
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      await tessera.close();
    }
    expect(server.listening).toBe(false);
  });
});
