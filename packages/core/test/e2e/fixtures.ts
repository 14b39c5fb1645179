import { IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import {
  Args,
  Ctx,
  ExecutionContext,
  Field,
  Prompt,
  Provider,
  Resource,
  ResourceTemplate,
  Tool,
  ToolError,
} from '@tessera/core';

export class ProvisionArgs {
  @Field({ description: 'Machine name' })
  @IsString()
  @MinLength(3)
  name!: string;

  @IsIn(['eu', 'us'])
  region!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(16)
  size?: number;
}

@Provider()
export class MachineTools {
  @Tool({ description: 'Provision a machine' })
  provision(@Args() args: ProvisionArgs): string {
    return `provisioned ${args.name} in ${args.region} (size ${args.size ?? 1})`;
  }

  @Tool({ description: 'Always fails unexpectedly' })
  explode(): string {
    throw new Error('database password is hunter2');
  }

  @Tool({ description: 'Fails on purpose' })
  refuse(): string {
    throw new ToolError('quota exceeded');
  }

  @Tool()
  whoami(@Ctx() ctx: ExecutionContext): unknown {
    return { protocol: ctx.protocolVersion, era: ctx.era, client: ctx.clientInfo?.name };
  }
}

export class GreetArgs {
  @IsString()
  who!: string;
}

export class NoteVars {
  @IsString()
  id!: string;
}

@Provider()
export class Content {
  @Prompt({ description: 'Greets someone' })
  greet(@Args() args: GreetArgs): string {
    return `Say hello to ${args.who}`;
  }

  @Resource('config://app', { mimeType: 'application/json' })
  config(): unknown {
    return { debug: false };
  }

  @ResourceTemplate('notes://{id}')
  note(@Args() args: NoteVars): string {
    return `note ${args.id}`;
  }
}
