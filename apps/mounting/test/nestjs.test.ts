import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { TesseraApp } from '@tessera/core';
import { createBookingsApp, PriceList } from '../src/shared/bookings';
import { AppModule } from '../src/nestjs/app.module';
import { TESSERA_APP, TesseraModule } from '../src/nestjs/tessera.module';
import { expectBookingFlow, TOKEN } from './drive-bookings';
import { serveThenClose } from './serve-then-close';

describe('NestJS: TesseraModule.forRootAsync at /mcp of an existing application', () => {
  test("serves the flow with Nest's parsed body and the auth header, on Nest's own service; app.close() closes Tessera", async () => {
    process.env.DEMO_TOKEN = TOKEN;
    const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger: false });
    app.useBodyParser('json', { limit: '4mb' });
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const tessera = app.get<TesseraApp>(TESSERA_APP);
    const closed = jest.spyOn(tessera, 'close');
    try {
      await serveThenClose(base, {
        hostRoute: { path: '/api/prices/saturday', body: { night: 'saturday', price: 150 } },
        afterFlow: async () => {
          // one PriceList, Nest's: a change made through Nest is what the Tessera tool reads
          app.get(PriceList).setPrice('saturday', 175);
          await expectBookingFlow(`${base}/mcp`, 175);
        },
        // the listen stream is cut after TesseraModule's drainMs (5 s)
        close: () => app.close(),
        closeWithinMs: 15_000,
      });
    } finally {
      delete process.env.DEMO_TOKEN;
    }
    expect(closed).toHaveBeenCalledTimes(1);
    await expect(fetch(`${base}/api/prices/saturday`)).rejects.toThrow();
  });

  test('forRoot(app, { path }): an app that needs nothing from Nest, at the path given, and only there', async () => {
    const tessera = createBookingsApp(TOKEN);
    @Module({ imports: [TesseraModule.forRoot(tessera, { path: 'agents/mcp' })] })
    class PlainModule {}
    const app = await NestFactory.create<NestExpressApplication>(PlainModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    try {
      await expectBookingFlow(`${base}/agents/mcp`);
      expect((await fetch(`${base}/mcp`, { method: 'POST' })).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
