import { createBookingsApp } from '../src/shared/bookings';
import { createFastifyServer } from '../src/fastify/server';
import {
  expectBadArgumentsNamed,
  expectBookingFlow,
  expectRefusedWithoutToken,
  openListenStream,
  TOKEN,
} from './drive-bookings';

describe('Fastify 5: a Tessera app at /mcp of an existing application', () => {
  test("serves the flow with Fastify's parsed body and the auth header; app.close() closes Tessera too", async () => {
    const tessera = createBookingsApp(TOKEN);
    const closed = jest.spyOn(tessera, 'close');
    const app = createFastifyServer(tessera, 300);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    let listener: (() => Promise<void>) | undefined;
    try {
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ ok: true });
      await expectBookingFlow(`${base}/mcp`);
      await expectRefusedWithoutToken(`${base}/mcp`);
      await expectBadArgumentsNamed(`${base}/mcp`);
      listener = await openListenStream(`${base}/mcp`);
    } finally {
      // an open listen stream would hold the close for ever: it is cut after drainMs
      const started = Date.now();
      await app.close();
      expect(Date.now() - started).toBeLessThan(5000);
      await listener?.();
    }
    expect(closed).toHaveBeenCalledTimes(1);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});
