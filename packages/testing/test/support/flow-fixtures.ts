import { IsIn, IsString, MinLength } from 'class-validator';
import type { CreateMessageResult, Root } from '@modelcontextprotocol/server';
import {
  Args,
  Elicit,
  Field,
  ListRoots,
  Prompt,
  Provider,
  ResourceTemplate,
  Sample,
  Tool,
  type AppModule,
  Elicitation,
} from '@tessera/core';

export class MachineArgs {
  @Field({ description: 'Machine name' })
  @IsString()
  @MinLength(3)
  name!: string;
}

export class Region {
  @Field({ title: 'Region' })
  @IsIn(['eu', 'us'])
  region!: string;
}

export class Confirm {
  @Field({ title: 'Type the machine name to confirm' })
  @IsString()
  confirm!: string;
}

export class ReportVars {
  @IsString()
  id!: string;
}

/** Flows of every shape the harness must drive: one question, a sequence, a decline, sampling, roots, prompt, template. */
@Provider()
export class Machines {
  @Tool({ description: 'One question' })
  provision(
    @Args() args: MachineArgs,
    @Elicit<MachineArgs>({ key: 'region', message: ({ args }) => `Where should ${args.name} run?`, schema: Region })
    where: Region,
  ): string {
    return `provisioned ${args.name} in ${where.region}`;
  }

  @Tool({ description: 'Two questions, the second after the first (two rounds)' })
  destroy(
    @Args() args: MachineArgs,
    @Elicit<MachineArgs>({ key: 'region', message: ({ args }) => `Where does ${args.name} run?`, schema: Region })
    where: Region,
    @Elicit<MachineArgs>({
      key: 'confirm',
      after: ['region'],
      message: ({ answers }) => `Destroy it in ${(answers.region as Region).region}?`,
      schema: Confirm,
    })
    confirm: Elicitation<Confirm>,
  ): string {
    if (confirm.action !== 'accept' || confirm.content.confirm !== args.name) return `kept ${args.name}`;
    return `destroyed ${args.name} in ${where.region}`;
  }

  @Tool({ description: 'A sample and the roots in one round' })
  summarise(
    @Sample({
      key: 'summary',
      request: { messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }], maxTokens: 50 },
    })
    summary: CreateMessageResult,
    @ListRoots({ key: 'roots' }) roots: Root[],
  ): string {
    const text = 'text' in summary.content ? summary.content.text : '';
    return `${text} over ${roots.map((r) => r.uri).join(', ')}`;
  }

  @Prompt({ description: 'A prompt that asks where' })
  plan(
    @Args() args: MachineArgs,
    @Elicit({ key: 'region', message: 'Which region?', schema: Region }) where: Region,
  ): string {
    return `Plan ${args.name} in ${where.region}`;
  }

  @ResourceTemplate('reports://{id}')
  report(
    @Args() vars: ReportVars,
    @Elicit({ key: 'region', message: 'Report on which region?', schema: Region }) where: Region,
  ): string {
    return `report ${vars.id} for ${where.region}`;
  }
}

export const machinesModule: AppModule = { name: 'machines', version: '1.0.0', providers: [Machines] };
