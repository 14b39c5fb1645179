import { Injectable, Module } from '@nestjs/common';
import { createApp, Provider, Tool } from '@tessera/core';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/server';
// The one file to copy into your Nest application:
import { TesseraModule } from '../../../apps/mounting/src/nestjs/tessera.module';

@Injectable()
class PriceList {
  priceOf(night: string): number {
    return night.length * 10;
  }
}
@Module({ providers: [PriceList], exports: [PriceList] })
class PricesModule {}

@Provider()
class Bookings {
  constructor(private readonly prices: PriceList) {}
  @Tool({ description: 'The price of a night' })
  price(): number {
    return this.prices.priceOf('friday');
  }
}
declare const verifier: OAuthTokenVerifier;

// #region example
@Module({
  imports: [
    TesseraModule.forRootAsync({
      imports: [PricesModule],
      inject: [PriceList],
      useFactory: (prices: PriceList) =>
        createApp(
          {
            name: 'bookings',
            version: '1.0.0',
            providers: [Bookings],
            services: [{ token: PriceList, useValue: prices }],
          },
          { auth: { verifier } },
        ),
    }),
  ],
})
export class AppModule {}
// main.ts: app.useBodyParser('json', { limit: '4mb' }); app.enableShutdownHooks();
// #endregion example
