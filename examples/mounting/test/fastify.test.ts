import { createBookingsApp } from '../src/shared/bookings';
import { createFastifyServer } from '../src/fastify/server';
import { expectBadArgumentsNamed, expectBookingFlow, expectRefusedWithoutToken, TOKEN } from './drive-bookings';

describe('Fastify 5: a Tessera app at /mcp of an existing application', () => {
  test("serves the flow with Fastify's parsed body and the auth header; app.close() closes Tessera too", async () => {
    const tessera = createBookingsApp(TOKEN);
    const closed = jest.spyOn(tessera, 'close');
    const app = createFastifyServer(tessera);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ ok: true });
      await expectBookingFlow(`${base}/mcp`);
      await expectRefusedWithoutToken(`${base}/mcp`);
      await expectBadArgumentsNamed(`${base}/mcp`);
    } finally {
      await app.close();
    }
    expect(closed).toHaveBeenCalledTimes(1);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});
