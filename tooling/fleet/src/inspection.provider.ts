import { IsIn, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { inject } from 'tsyringe';
import { Args, Ctx, Elicit, Field, Provider, Tool, type ExecutionContext, type Logger } from '@tessera/core';
import { INSTANCE_ID, INSTANCE_LOGGER } from './booking.provider';
import { work } from './planning.provider';

export class InspectArgs {
  @Field({ description: 'Vehicle registration, e.g. "TRK-042"' })
  @IsString()
  @Matches(/^[A-Z0-9-]{1,16}$/)
  vehicle!: string;

  @Field({ description: 'How long the inspection takes once the bay is known, in ms (0..10000)' })
  @IsInt()
  @Min(0)
  @Max(10_000)
  workMs!: number;
}

export class BayChoice {
  @Field({ title: 'Bay' })
  @IsIn(['A', 'B', 'C'])
  bay!: string;
}

/**
 * A task with one question, then work: what the fleet check's task-delivery scenario drives through a kill -9, a
 * SIGTERM and a Redis restart. Each run of its body logs `inspection started` and `inspection finished` with the
 * vehicle (the check's key for "this body ran twice") and the instance (from the tagged logger). It never writes
 * to the store itself, so only the framework's own writes meet a Redis outage.
 */
@Provider()
export class InspectionProvider {
  constructor(
    @inject(INSTANCE_ID) private readonly instanceId: string,
    @inject(INSTANCE_LOGGER) private readonly logger: Logger,
  ) {}

  @Tool({ description: 'Inspects a vehicle as a task: asks which bay, then works for workMs', task: 'required' })
  async inspect_vehicle(
    @Args() args: InspectArgs,
    @Elicit({ key: 'bay', message: ({ args }) => `Which bay should inspect ${args.vehicle}?`, schema: BayChoice })
    bay: BayChoice,
    @Ctx() ctx: ExecutionContext,
  ): Promise<string> {
    this.logger.info('inspection started', { vehicle: args.vehicle });
    await work(args.workMs, ctx.signal);
    this.logger.info('inspection finished', { vehicle: args.vehicle });
    return `Inspected ${args.vehicle} in bay ${bay.bay} on ${this.instanceId}.`;
  }
}
