import { IsIn, IsInt, IsString, Min } from 'class-validator';
import type { CreateMessageResult } from '@modelcontextprotocol/server';
import { Args, Elicit, Field, Provider, Sample, Tool, Elicitation } from '@tessera/core';

export class RegionChoice {
  @Field({ title: 'Region' })
  @IsIn(['eu', 'us'])
  region!: string;
}

export class SizeChoice {
  @IsInt()
  @Min(1)
  size!: number;
}

export class Confirm {
  @IsString()
  answer!: string;
}

export class DeployArgs {
  @IsString()
  app!: string;
}

export const calls: string[] = [];

@Provider()
export class Deployer {
  @Tool({ description: 'Three independent questions, one round' })
  deploy(
    @Args() args: DeployArgs,
    @Elicit({ key: 'region', message: ({ args }) => `Region for ${args.app}?`, schema: RegionChoice })
    region: RegionChoice,
    @Elicit({ key: 'size', message: 'How big?', schema: SizeChoice }) size: SizeChoice,
    @Sample({
      key: 'summary',
      request: ({ args }) => ({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarise ${args.app}` } }],
        maxTokens: 50,
      }),
    })
    summary: CreateMessageResult,
  ): string {
    calls.push('deploy');
    const text = (summary.content as { text: string }).text;
    return `${args.app} -> ${region.region} x${size.size}: ${text}`;
  }

  @Tool({ description: 'The second question depends on the first' })
  sequential(
    @Elicit({ key: 'first', message: 'Pick a region', schema: RegionChoice }) first: RegionChoice,
    @Elicit({
      key: 'second',
      after: ['first'],
      message: ({ answers }) => `Confirm ${(answers.first as RegionChoice).region}?`,
      schema: Confirm,
    })
    second: Confirm,
  ): string {
    calls.push('sequential');
    return `${first.region}/${second.answer}`;
  }

  @Tool({ description: 'Sees declines' })
  polite(
    @Elicit({ key: 'choice', message: 'Region?', schema: RegionChoice }) choice: Elicitation<RegionChoice>,
  ): string {
    return choice.action === 'accept' ? `chose ${choice.content.region}` : `user said ${choice.action}`;
  }

  @Tool({ description: 'Needs a value' })
  strict(@Elicit({ key: 'choice', message: 'Region?', schema: RegionChoice }) choice: RegionChoice): string {
    return `chose ${choice.region}`;
  }
}
