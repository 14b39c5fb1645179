// An existing NestJS application: its own controller and service, and TesseraModule at /mcp. PriceList is
// Nest's provider; the Tessera tool reads the same instance.
import { Controller, Get, Module, Param } from '@nestjs/common';
import { createBookingsApp, PriceList } from '../shared/bookings';
import { TesseraModule } from './tessera.module';

@Controller('api')
export class PricesController {
  constructor(private readonly prices: PriceList) {}

  @Get('prices/:night')
  price(@Param('night') night: string): { night: string; price: number } {
    return { night, price: this.prices.priceOf(night) };
  }
}

@Module({ providers: [PriceList], exports: [PriceList] })
export class PricesModule {}

@Module({
  imports: [
    PricesModule,
    TesseraModule.forRootAsync({
      imports: [PricesModule],
      inject: [PriceList],
      useFactory: (prices: PriceList) => createBookingsApp(process.env.DEMO_TOKEN, prices),
    }),
  ],
  controllers: [PricesController],
})
export class AppModule {}
