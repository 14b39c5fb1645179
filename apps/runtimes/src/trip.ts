// The app every runtime serves: one tool that asks twice (the dates, then to confirm), so a call is three
// legs and its progress travels in the sealed requestState between them. Nothing here is Node-only: the
// same compiled file is served by Node, Bun, Deno and workerd through `app.fetch`.
import 'reflect-metadata';
import { IsBoolean, IsIn, IsString, MinLength } from '@tessera/core/validators';
import { Args, createApp, Elicit, Field, Provider, Tool, type TesseraApp } from '@tessera/core';
import { RequestStateSecurity } from '@tessera/request-state';

class TripArgs {
  @Field({ description: 'City to travel to' })
  @IsString()
  @MinLength(2)
  city!: string;
}

class Dates {
  @Field({ title: 'When?' })
  @IsIn(['this weekend', 'next weekend'])
  when!: string;
}

class Confirmation {
  @Field({ title: 'Book it?' })
  @IsBoolean()
  confirm!: boolean;
}

@Provider()
export class Trips {
  @Tool({ description: 'Plan a trip: asks when, then asks to confirm; says which runtime served the last leg' })
  plan_trip(
    @Args() args: TripArgs,
    @Elicit({ key: 'dates', message: ({ args }) => `When do you go to ${args.city}?`, schema: Dates })
    dates: Dates,
    @Elicit({
      key: 'confirm',
      after: ['dates'],
      message: ({ args, answers }) => `Book ${args.city} for ${(answers.dates as Dates).when}?`,
      schema: Confirmation,
    })
    confirmation: Confirmation,
  ): string {
    if (!confirmation.confirm) return `Nothing booked (served by ${runtimeName()})`;
    return `Booked ${args.city} for ${dates.when} (served by ${runtimeName()})`;
  }
}

/** The runtime serving this leg, as its own globals name it. */
export function runtimeName(): string {
  const g = globalThis as { Bun?: unknown; Deno?: unknown; navigator?: { userAgent?: string } };
  if (g.Bun) return 'bun';
  if (g.Deno) return 'deno';
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  return 'node';
}

/**
 * The app, sealing with `keys` (each at least 32 bytes; the first seals, all open). Every instance, on
 * whatever runtime, given the same keys opens the others' tokens: a call may move between them.
 */
export function createTripApp(keys: readonly string[]): TesseraApp {
  return createApp({
    name: 'trips',
    version: '1.0.0',
    providers: [Trips],
    security: new RequestStateSecurity({ keys }),
  });
}

/** The keys from a comma-separated list (`TESSERA_KEYS`), refused with the reason when there are none. */
export function keysFrom(list: string | undefined): string[] {
  const keys = (list ?? '').split(',').filter((key) => key.length > 0);
  if (keys.length === 0)
    throw new Error('TESSERA_KEYS is not set: give one or more comma-separated keys of at least 32 bytes');
  return keys;
}
