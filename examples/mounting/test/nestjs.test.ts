import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { TesseraApp } from '@tessera/core';
import { createBookingsApp, PriceList } from '../src/shared/bookings';
import { AppModule } from '../src/nestjs/app.module';
import { TESSERA_APP, TesseraModule } from '../src/nestjs/tessera.module';
import {
  expectBadArgumentsNamed,
  expectBookingFlow,
  expectRefusedWithoutToken,
  openListenStream,
  TOKEN,
} from './drive-bookings';

describe('NestJS: TesseraModule.forRootAsync at /mcp of an existing application', () => {
  test("serves the flow with Nest's parsed body and the auth header, on Nest's own service; app.close() closes Tessera", async () => {
    process.env.DEMO_TOKEN = TOKEN;
    const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger: false });
    app.useBodyParser('json', { limit: '4mb' });
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const tessera = app.get<TesseraApp>(TESSERA_APP);
    const closed = jest.spyOn(tessera, 'close');
    let listener: (() => Promise<void>) | undefined;
    try {
      expect(await (await fetch(`${base}/api/prices/saturday`)).json()).toEqual({ night: 'saturday', price: 150 });
      await expectBookingFlow(`${base}/mcp`);
      // one PriceList, Nest's: a change made through Nest is what the Tessera tool reads
      app.get(PriceList).setPrice('saturday', 175);
      await expectBookingFlow(`${base}/mcp`, 175);
      await expectRefusedWithoutToken(`${base}/mcp`);
      await expectBadArgumentsNamed(`${base}/mcp`);
      listener = await openListenStream(`${base}/mcp`);
    } finally {
      // an open listen stream would hold Nest's close for ever: cut after TesseraModule's drainMs (5 s)
      const started = Date.now();
      await app.close();
      expect(Date.now() - started).toBeLessThan(15_000);
      await listener?.();
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
