import type { AddressInfo } from 'node:net';
import { createBookingsApp } from '../src/shared/bookings';
import { createExpressServer } from '../src/express/server';
import { closeGracefully } from '../src/shared/serve-until-signalled';
import {
  expectBadArgumentsNamed,
  expectBookingFlow,
  expectRefusedWithoutToken,
  openListenStream,
  TOKEN,
} from './drive-bookings';

describe('Express 5: a Tessera app at /mcp of an existing application', () => {
  test('serves the flow beside the host routes, with its parsed body and auth header; closes gracefully', async () => {
    const tessera = createBookingsApp(TOKEN);
    const server = createExpressServer(tessera).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const closed = jest.spyOn(tessera, 'close');
    let listener: (() => Promise<void>) | undefined;
    try {
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ ok: true });
      await expectBookingFlow(`${base}/mcp`);
      await expectRefusedWithoutToken(`${base}/mcp`);
      await expectBadArgumentsNamed(`${base}/mcp`);
      listener = await openListenStream(`${base}/mcp`);
    } finally {
      // an open listen stream would hold server.close() for ever: it is cut after drainMs
      const started = Date.now();
      await closeGracefully(server, tessera, 300);
      expect(Date.now() - started).toBeLessThan(5000);
      await listener?.();
    }
    expect(server.listening).toBe(false);
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
