import { IsIn, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { inject } from 'tsyringe';
import { Args, Elicit, Field, Provider, Tool, type Logger } from '@tessera/core';

/** The injection token of this instance's name (`FLEET_INSTANCE_ID`). */
export const INSTANCE_ID = Symbol.for('tessera.fleet.instanceId');
/** The injection token of this instance's tagged logger. */
export const INSTANCE_LOGGER = Symbol.for('tessera.fleet.logger');

export class BookingArgs {
  @Field({ description: 'Vehicle registration, e.g. "TRK-042"' })
  @IsString()
  @Matches(/^[A-Z0-9-]{1,16}$/)
  vehicle!: string;
}

export class WaitArgs {
  @Field({ description: 'How long to wait, in milliseconds (0..10000)' })
  @IsInt()
  @Min(0)
  @Max(10_000)
  ms!: number;
}

export class DepotChoice {
  @Field({ title: 'Depot', description: 'Where the vehicle is serviced' })
  @IsIn(['north', 'south', 'harbour'])
  depot!: string;
}

export class SlotChoice {
  @Field({ title: 'Slot' })
  @IsIn(['morning', 'afternoon'])
  slot!: string;
}

export class Confirmation {
  @Field({ title: 'Confirm' })
  @IsIn(['yes', 'no'])
  confirm!: string;
}

/**
 * A three-leg flow. Leg 1 asks the depot and the slot (independent, one round); leg 2 asks for a confirmation
 * that quotes both answers (`after`); leg 3 runs the method. Behind a load balancer each leg may reach another
 * instance: only a key ring shared by the fleet lets the state sealed on one leg open on the next.
 *
 * The questions are built from the arguments and earlier answers only, never from the instance's name: a
 * question that differs between instances would be asked again on every instance change (question pinning).
 */
@Provider()
export class BookingProvider {
  constructor(
    @inject(INSTANCE_ID) private readonly instanceId: string,
    @inject(INSTANCE_LOGGER) private readonly logger: Logger,
  ) {}

  // Idempotent: booking one vehicle at one depot and slot twice is one booking. The listing says so, and a
  // client may then resend a leg whose outcome it does not know (an instance killed while serving it).
  @Tool({
    description: 'Book a service slot for a vehicle: asks depot and slot, then a confirmation',
    annotations: { idempotentHint: true, readOnlyHint: false },
  })
  book_service(
    @Args() args: BookingArgs,
    @Elicit({ key: 'depot', message: ({ args }) => `Which depot should service ${args.vehicle}?`, schema: DepotChoice })
    depot: DepotChoice,
    @Elicit({ key: 'slot', message: 'Morning or afternoon?', schema: SlotChoice }) slot: SlotChoice,
    @Elicit<BookingArgs>({
      key: 'confirm',
      after: ['depot', 'slot'],
      message: ({ args, answers }) =>
        `Book ${args.vehicle} at the ${(answers.depot as DepotChoice).depot} depot, ${(answers.slot as SlotChoice).slot}?`,
      schema: Confirmation,
    })
    confirmation: Confirmation,
  ): string {
    if (confirmation.confirm !== 'yes')
      return `Not booked: ${args.vehicle} (cancelled by the user). Final leg served by ${this.instanceId}.`;
    return `Booked ${args.vehicle} at the ${depot.depot} depot, ${slot.slot}. Final leg served by ${this.instanceId}.`;
  }

  @Tool({ description: 'Which instance answered this call' })
  whoami(): string {
    return this.instanceId;
  }

  /** A leg that stays inside its handler for a while: what an instance killed mid-call leaves behind (nginx's 502). */
  @Tool({ description: 'Waits `ms` milliseconds, then says which instance answered' })
  async wait(@Args() args: WaitArgs): Promise<string> {
    // Says the leg is inside its handler: what a stop or a kill in the middle of a call can be timed against.
    this.logger.info('waiting', { ms: args.ms });
    await new Promise((resolve) => setTimeout(resolve, args.ms));
    return `waited ${args.ms} ms on ${this.instanceId}`;
  }
}
