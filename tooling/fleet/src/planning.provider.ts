import { IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { inject } from 'tsyringe';
import { Args, Ctx, Elicit, Field, Provider, Tool, type ExecutionContext, type Logger } from '@tessera/core';
import { DepotChoice, INSTANCE_ID, INSTANCE_LOGGER, SlotChoice } from './booking.provider';

export class PlanArgs {
  @Field({ description: 'Vehicle registration, e.g. "TRK-042"' })
  @IsString()
  @Matches(/^[A-Z0-9-]{1,16}$/)
  vehicle!: string;

  @Field({ description: 'How long the planning itself takes once both answers are in, in ms (0..10000)' })
  @IsInt()
  @Min(0)
  @Max(10_000)
  workMs!: number;
}

/** Waits `ms`, or rejects as soon as the task is cancelled or its instance stops (the signal aborts). */
export function work(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * A long-running tool as a task: it asks two questions (depot and slot, one round), parks `input_required`
 * until both are answered (through any instance), then works for `workMs` on whichever instance runs its
 * step. Its work only reads, so running it again after a crash is safe (idempotent).
 */
@Provider()
export class PlanningProvider {
  constructor(
    @inject(INSTANCE_ID) private readonly instanceId: string,
    @inject(INSTANCE_LOGGER) private readonly logger: Logger,
  ) {}

  @Tool({
    description: 'Plans a service as a task: asks depot and slot, then works for workMs and reports the plan',
    task: 'required',
  })
  async plan_service(
    @Args() args: PlanArgs,
    @Elicit({ key: 'depot', message: ({ args }) => `Which depot should service ${args.vehicle}?`, schema: DepotChoice })
    depot: DepotChoice,
    @Elicit({ key: 'slot', message: 'Morning or afternoon?', schema: SlotChoice }) slot: SlotChoice,
    @Ctx() ctx: ExecutionContext,
  ): Promise<string> {
    // what a kill mid-run can be counted against: one line per run of the body, nothing of the task in it
    this.logger.info('task work started', { tool: 'plan_service' });
    await ctx.task?.status(`planning on ${this.instanceId}`);
    await work(args.workMs, ctx.signal);
    return `Planned ${args.vehicle} at the ${depot.depot} depot, ${slot.slot}. Worked on ${this.instanceId}.`;
  }
}
