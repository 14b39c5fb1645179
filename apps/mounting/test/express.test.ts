import { createBookingsApp } from '../src/shared/bookings';
import { createExpressServer } from '../src/express/server';
import { closeGracefully } from '../src/shared/serve-until-signalled';
import { TOKEN } from './drive-bookings';
import { baseOnceListening, serveThenClose } from './serve-then-close';

describe('Express 5: a Tessera app at /mcp of an existing application', () => {
  test('serves the flow beside the host routes, with the auth header; closes gracefully', async () => {
    const tessera = createBookingsApp(TOKEN);
    const server = createExpressServer(tessera).listen(0, '127.0.0.1');
    const base = await baseOnceListening(server);
    const closed = jest.spyOn(tessera, 'close');
    await serveThenClose(base, {
      hostRoute: { path: '/api/health', body: { ok: true } },
      close: () => closeGracefully(server, tessera, 300),
    });
    expect(server.listening).toBe(false);
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
