import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';
import { inject } from 'tsyringe';
import { Args, Ctx, Elicit, ExecutionContext, Field, Provider, Tool, type Logger } from '@tessera/core';
import { INSTANCE_ID, INSTANCE_LOGGER } from '../booking.provider';
import type { ChargeLedger } from './charge-ledger';
import { pauseAfterRecording } from './pause-after-recording';

/** The injection token of the fleet's shared charge ledger. */
export const CHARGE_LEDGER = Symbol.for('tessera.fleet.chargeLedger');

export class ChargeArgs {
  @Field({ description: 'Order to charge, e.g. "A-1"' })
  @Matches(/^[A-Za-z0-9-]{1,40}$/)
  order!: string;

  @Field({ description: 'How long the handler works after it charged, in ms (0..5000): room for a kill inside it' })
  @IsInt()
  @Min(0)
  @Max(5000)
  holdMs!: number;

  @Field({
    description: 'How long the answer waits after it is recorded, in ms (0..5000): room for a kill before the reply',
  })
  @IsInt()
  @Min(0)
  @Max(5000)
  pauseAfterMs!: number;
}

export class ChargeConfirmation {
  @Field({ title: 'Confirm' })
  @IsIn(['yes', 'no'])
  confirm!: string;
}

/**
 * A tool with a side effect that must not happen twice, and that says nothing about idempotence (no
 * `idempotentHint`): one question, then the charge. It hands the leg's idempotency key to the payment service
 * (the ledger), so a second run of the handler (its first instance died mid-run) charges nothing more.
 */
@Provider()
export class ChargeProvider {
  constructor(
    @inject(INSTANCE_ID) private readonly instanceId: string,
    @inject(INSTANCE_LOGGER) private readonly logger: Logger,
    @inject(CHARGE_LEDGER) private readonly ledger: ChargeLedger,
  ) {}

  @Tool({ description: 'Charge an order, after a confirmation' })
  async charge_card(
    @Args() args: ChargeArgs,
    @Elicit<ChargeArgs>({
      key: 'confirm',
      message: ({ args }) => `Charge order ${args.order}?`,
      schema: ChargeConfirmation,
    })
    confirmation: ChargeConfirmation,
    @Ctx() ctx: ExecutionContext,
  ): Promise<string> {
    if (confirmation.confirm !== 'yes') return `Not charged: ${args.order}.`;
    return await this.chargeOnce(args, ctx);
  }

  /**
   * The same charge without a question: a plain call (no state), of a tool that says nothing about
   * idempotence either, so only the server's record of the call keeps its resend from running it again.
   */
  @Tool({ description: 'Charge an order at once' })
  async charge_now(@Args() args: ChargeArgs, @Ctx() ctx: ExecutionContext): Promise<string> {
    return await this.chargeOnce(args, ctx);
  }

  private async chargeOnce(args: ChargeArgs, ctx: ExecutionContext): Promise<string> {
    const key = ctx.idempotencyKey;
    await this.ledger.started(args.order);
    this.logger.info('charge started', { order: args.order, key });
    const charges = await this.ledger.charge(args.order, key);
    this.logger.info('charged', { order: args.order, key, charges });
    // the rest of the work (a receipt, say): a kill here leaves a charge made and no answer
    await new Promise((resolve) => setTimeout(resolve, args.holdMs));
    if (key !== undefined && args.pauseAfterMs > 0) pauseAfterRecording(key, args.pauseAfterMs);
    return `Charged order ${args.order} (charges so far: ${charges}) on ${this.instanceId}.`;
  }
}
