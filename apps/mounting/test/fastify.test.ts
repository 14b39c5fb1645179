import { createBookingsApp } from '../src/shared/bookings';
import { createFastifyServer } from '../src/fastify/server';
import { TOKEN } from './drive-bookings';
import { serveThenClose } from './serve-then-close';

describe('Fastify 5: a Tessera app at /mcp of an existing application', () => {
  test('serves the flow with the auth header; app.close() closes Tessera too', async () => {
    const tessera = createBookingsApp(TOKEN);
    const closed = jest.spyOn(tessera, 'close');
    const app = createFastifyServer(tessera, 300);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    await serveThenClose(base, {
      hostRoute: { path: '/api/health', body: { ok: true } },
      close: () => app.close(),
    });
    expect(closed).toHaveBeenCalledTimes(1);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});
