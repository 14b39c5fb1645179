import { IsIn, IsString } from 'class-validator';
import { inputRequired, type InputRequiredResult } from '@modelcontextprotocol/server';
import { Args, Ctx, Elicit, ExecutionContext, Field, Prompt, Provider, ResourceTemplate, Tool } from '@tessera/core';

export class Audience {
  @Field({ title: 'Audience' })
  @IsIn(['engineers', 'executives'])
  audience!: string;
}

export class TopicArgs {
  @IsString()
  topic!: string;
}

export class ReportVars {
  @IsString()
  id!: string;
}

@Provider()
export class Asking {
  @Prompt({ description: 'asks who the briefing is for' })
  briefing(
    @Args() args: TopicArgs,
    @Elicit({ key: 'audience', message: ({ args }) => `Who is the ${args.topic} briefing for?`, schema: Audience })
    who: Audience,
  ): string {
    return `Brief the ${who.audience} on ${args.topic}`;
  }

  @ResourceTemplate('reports://{id}')
  report(
    @Args() args: ReportVars,
    @Elicit({ key: 'audience', message: 'Report for whom?', schema: Audience }) who: Audience,
  ): string {
    return `report ${args.id} for ${who.audience}`;
  }

  @Tool({ description: 'direct form: counts rounds in its own state', returnsInputRequired: true })
  direct(@Ctx() ctx: ExecutionContext): string | InputRequiredResult {
    const answer = ctx.inputResponses?.confirm as { action?: string; content?: { ok?: string } } | undefined;
    const rounds = (ctx.requestState as { rounds?: number } | undefined)?.rounds ?? 0;
    if (answer?.action === 'accept' && answer.content?.ok === 'yes') return `confirmed after ${rounds} round(s)`;
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({
          message: 'Type yes',
          requestedSchema: { type: 'object', properties: { ok: { type: 'string' } }, required: ['ok'] },
        }),
      },
      requestState: { rounds: rounds + 1 } as never,
    });
  }

  @Tool({ description: 'returns InputRequiredResult without declaring it' })
  sneaky(): InputRequiredResult {
    return inputRequired({ inputRequests: { x: inputRequired.listRoots() } });
  }
}
