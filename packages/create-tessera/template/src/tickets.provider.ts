import { IsIn, IsOptional, IsString, MaxLength, MinLength } from '@tessera/core/validators';
import { Args, Elicit, Field, Prompt, Provider, Tool, Elicitation } from '@tessera/core';

export class TicketArgs {
  @Field({ description: 'A short title for the ticket' })
  @IsString()
  @MinLength(3)
  @MaxLength(80)
  title!: string;
}

export class PriorityChoice {
  @Field({ title: 'Priority', description: 'How urgent is it?' })
  @IsIn(['low', 'normal', 'high'])
  priority!: 'low' | 'normal' | 'high';
}

export class SummaryArgs {
  @Field({ description: 'The ticket to summarise' })
  @IsString()
  title!: string;

  @Field({ description: 'Who reads the summary (default: the team)' })
  @IsOptional()
  @IsString()
  audience?: string;
}

/** The server's tools and prompts: each decorated method is one of them. */
@Provider()
export class Tickets {
  /** A plain tool: validated arguments in, a result out. */
  @Tool({ description: 'Check that a ticket title is usable' })
  check_title(@Args() args: TicketArgs): string {
    return `"${args.title}" is a good title (${args.title.length} characters)`;
  }

  /**
   * A tool that asks the user: the first call returns a question (an elicitation keyed `priority`); the client
   * answers and retries, and the method runs once, with the answer. A decline or cancel reaches the method too.
   */
  @Tool({ description: 'Open a ticket; asks for its priority' })
  open_ticket(
    @Args() args: TicketArgs,
    @Elicit<TicketArgs>({
      key: 'priority',
      message: ({ args }) => `What priority should "${args.title}" have?`,
      schema: PriorityChoice,
    })
    choice: Elicitation<PriorityChoice>,
  ): string {
    if (choice.action !== 'accept') return `No ticket opened: the user chose to ${choice.action}.`;
    return `Opened "${args.title}" with ${choice.content.priority} priority`;
  }

  /** A prompt: a message template with validated arguments. */
  @Prompt({ description: 'Ask the model to summarise a ticket' })
  summarise_ticket(@Args() args: SummaryArgs): string {
    return `Summarise the ticket "${args.title}" in three sentences for ${args.audience ?? 'the team'}.`;
  }
}
