import 'reflect-metadata';
import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import { IsIn, IsOptional, IsString, MinLength } from 'class-validator';
import { Args, createApp, Ctx, ExecutionContext, Field, Provider, Tool, type Logger, type TesseraApp } from '@tessera/core';
import { provisionRound } from './provision-round';

export class ProvisionArgs {
  @Field({ description: 'Machine name' })
  @IsString()
  @MinLength(1)
  name!: string;

  @Field({ description: 'Machine size (default small)' })
  @IsOptional()
  @IsIn(['small', 'large'])
  size?: 'small' | 'large';
}

/**
 * The decorated equivalent. Arguments arrive validated; `requestState` is sealed by default. The region
 * question uses the direct form for now (the method returns the InputRequiredResult itself).
 */
@Provider()
export class ProvisionerTools {
  @Tool({ title: 'Provision a machine', description: 'Provisions a machine; asks which region it should run in.', returnsInputRequired: true })
  provision(@Args() args: ProvisionArgs, @Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    return provisionRound(args, ctx.inputResponses, ctx.requestState);
  }
}

export function createDecoratedProvisioner(options: { logger?: Logger } = {}): TesseraApp {
  return createApp({ name: 'provisioner', version: '1.0.0', providers: [ProvisionerTools], logger: options.logger });
}
