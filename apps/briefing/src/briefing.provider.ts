import { IsIn, IsInt, IsString, Max, Min } from '@tessera/core/validators';
import type { CreateMessageResult } from '@modelcontextprotocol/server';
import { Args, Elicit, Field, Prompt, Provider, Sample, Tool, Elicitation } from '@tessera/core';

export class BriefingArgs {
  @Field({ description: 'What the briefing is about' })
  @IsString()
  topic!: string;
}

export class Audience {
  @Field({ title: 'Audience', description: 'Who will read the briefing' })
  @IsIn(['engineers', 'executives', 'customers'])
  audience!: string;
}

export class Length {
  @Field({ title: 'Length in minutes' })
  @IsInt()
  @Min(1)
  @Max(60)
  minutes!: number;
}

@Provider()
export class BriefingProvider {
  /** A prompt that asks the user who the briefing is for before it renders. */
  @Prompt({ description: 'Draft a briefing, tailored to its audience' })
  briefing(
    @Args() args: BriefingArgs,
    @Elicit<BriefingArgs>({
      key: 'audience',
      message: ({ args }) => `Who is the briefing on "${args.topic}" for?`,
      schema: Audience,
    })
    who: Audience,
  ): string {
    return `Write a briefing on ${args.topic} for ${who.audience}. Lead with what they need to decide.`;
  }

  /** Two questions and an LLM sample, all asked in ONE round; the body runs once everything is answered. */
  @Tool({ description: 'Plan a briefing session: audience, length and an LLM-drafted agenda' })
  plan_session(
    @Args() args: BriefingArgs,
    @Elicit<BriefingArgs>({
      key: 'audience',
      message: ({ args }) => `Who is the "${args.topic}" session for?`,
      schema: Audience,
    })
    who: Elicitation<Audience>,
    @Elicit({ key: 'length', message: 'How long may it take?', schema: Length }) length: Length,
    @Sample<BriefingArgs>({
      key: 'agenda',
      request: ({ args }) => ({
        messages: [{ role: 'user', content: { type: 'text', text: `Three agenda points on ${args.topic}` } }],
        maxTokens: 200,
      }),
    })
    agenda: CreateMessageResult,
  ): string {
    if (who.action !== 'accept') return `No session planned: the user chose to ${who.action}.`;
    const text = Array.isArray(agenda.content)
      ? agenda.content.map((c) => ('text' in c ? c.text : '')).join(' ')
      : 'text' in agenda.content
        ? agenda.content.text
        : '';
    return `${length.minutes}-minute session on ${args.topic} for ${who.content.audience}. Agenda: ${text}`;
  }
}
