// The Tessera app every framework example mounts: one tool that asks twice (which night, then to confirm),
// priced by a service the host may own, and a bearer verifier standing in for the host's identity provider.
import 'reflect-metadata';
import { timingSafeEqual } from 'node:crypto';
import { IsBoolean, IsIn, IsString, MinLength } from '@tessera/core/validators';
import { Args, createApp, Ctx, Elicit, Field, Provider, Tool, type ExecutionContext } from '@tessera/core';
import type { TesseraApp } from '@tessera/core';
import { InMemoryServerEventBus, type AuthInfo } from '@modelcontextprotocol/server';

class BookingArgs {
  @Field({ description: 'Room to book' })
  @IsString()
  @MinLength(2)
  room!: string;
}

class NightChoice {
  @Field({ title: 'Night' })
  @IsIn(['friday', 'saturday'])
  night!: string;
}

class PriceConfirmation {
  @Field({ title: 'Book at this price?' })
  @IsBoolean()
  confirm!: boolean;
}

/** The host's own service (a NestJS provider in the Nest example), read by the tool through injection. */
export class PriceList {
  private readonly prices = new Map([
    ['friday', 120],
    ['saturday', 150],
  ]);

  priceOf(night: string): number {
    const price = this.prices.get(night);
    if (price === undefined) throw new Error(`no price for ${night}`);
    return price;
  }

  setPrice(night: string, price: number): void {
    this.prices.set(night, price);
  }
}

@Provider()
export class Bookings {
  constructor(private readonly prices: PriceList) {}

  @Tool({ description: 'Book a room for one night; asks which night, then confirms the price' })
  book_room(
    @Args() args: BookingArgs,
    @Elicit({ key: 'night', message: ({ args }) => `Which night for ${args.room}?`, schema: NightChoice })
    night: NightChoice,
    @Elicit({
      key: 'confirm',
      after: ['night'],
      message: ({ args, answers }) => `Book ${args.room} on ${(answers.night as NightChoice).night}?`,
      schema: PriceConfirmation,
    })
    confirmation: PriceConfirmation,
    @Ctx() ctx: ExecutionContext,
  ): string {
    if (!confirmation.confirm) return `Nothing booked for ${ctx.authInfo?.clientId}`;
    const price = this.prices.priceOf(night.night);
    return `Booked ${args.room} on ${night.night} for ${ctx.authInfo?.clientId} at ${price} EUR`;
  }
}

/**
 * Stands in for the host's identity provider: a real one checks a signed token (see the README's
 * "Securing a remote server with OAuth"). Here one token, from the environment, names one user.
 */
export function demoVerifier(token = process.env.DEMO_TOKEN ?? 'demo-token') {
  return {
    async verifyAccessToken(presented: string): Promise<AuthInfo> {
      const a = Buffer.from(presented);
      const b = Buffer.from(token);
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw new Error('unknown token');
      return { token: presented, clientId: 'demo-user', scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 3600 };
    },
  };
}

/** The app; `prices` is the host's own instance when it has one (one object, whichever framework built it). */
export function createBookingsApp(token?: string, prices: PriceList = new PriceList()): TesseraApp {
  return createApp(
    {
      name: 'bookings',
      version: '1.0.0',
      providers: [Bookings],
      services: [{ token: PriceList, useValue: prices }],
      // clients may keep a subscriptions/listen stream open: what a host's graceful stop must end
      events: new InMemoryServerEventBus(),
    },
    { auth: { verifier: demoVerifier(token) } },
  );
}
