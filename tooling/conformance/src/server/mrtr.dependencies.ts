import { IsString } from 'class-validator';
import type { CallToolResult, CreateMessageResult, GetPromptResult, Root } from '@modelcontextprotocol/server';
import { Elicit, ListRoots, Prompt, Provider, Sample, Tool } from '@tessera/core';

export class UserName {
  @IsString()
  name!: string;
}

export class FavoriteColor {
  @IsString()
  color!: string;
}

export class PromptContext {
  @IsString()
  context!: string;
}

const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });

function sampledText(result: CreateMessageResult): string {
  const content = Array.isArray(result.content) ? result.content[0] : result.content;
  return content && content.type === 'text' ? content.text : `(${content?.type ?? 'no'} content)`;
}

/**
 * The SEP-2322 (multi-round-trip) fixtures as Tessera dependency parameters: the framework turns every
 * missing answer into one `InputRequiredResult`, validates the answers on the retry (asking again when they
 * are missing or malformed), carries earlier answers in the sealed `requestState`, and runs the method once.
 * The keys are the ones the suite looks for.
 */
@Provider()
export class MrtrTools {
  @Tool({ description: 'Asks for the user name via elicitation, then greets.' })
  test_input_required_result_elicitation(
    @Elicit({ key: 'user_name', message: 'What is your name?', schema: UserName }) user: UserName,
  ): CallToolResult {
    return text(`Hello, ${user.name}!`);
  }

  @Tool({ description: 'Asks the client to sample an LLM, then reports the answer.' })
  test_input_required_result_sampling(
    @Sample({
      key: 'capital_question',
      request: {
        messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
        maxTokens: 100,
      },
    })
    answer: CreateMessageResult,
  ): CallToolResult {
    return text(`Sampling answer: ${sampledText(answer)}`);
  }

  @Tool({ description: "Asks for the client's roots, then lists them." })
  test_input_required_result_list_roots(@ListRoots({ key: 'client_roots' }) roots: Root[]): CallToolResult {
    return text(`Client roots: ${roots.map((r) => r.uri).join(', ') || '(none)'}`);
  }

  @Tool({ description: 'Asks for an elicitation, a sampling and the roots in one round.' })
  test_input_required_result_multiple_inputs(
    @Elicit({ key: 'user_name', message: 'What is your name?', schema: UserName }) user: UserName,
    @Sample({
      key: 'greeting',
      request: {
        messages: [{ role: 'user', content: { type: 'text', text: 'Write a short greeting.' } }],
        maxTokens: 100,
      },
    })
    greeting: CreateMessageResult,
    @ListRoots({ key: 'client_roots' }) roots: Root[],
  ): CallToolResult {
    return text(
      `Hello, ${user.name}! Greeting: ${sampledText(greeting)}. Roots: ${roots.map((r) => r.uri).join(', ')}`,
    );
  }

  @Tool({ description: 'Two rounds of questions: a name, then a favourite colour.' })
  test_input_required_result_multi_round(
    @Elicit({ key: 'step1', message: 'What is your name?', schema: UserName }) user: UserName,
    @Elicit({
      key: 'step2',
      after: ['step1'],
      message: ({ answers }) => `Hello ${(answers.step1 as UserName).name}, what is your favorite color?`,
      schema: FavoriteColor,
    })
    color: FavoriteColor,
  ): CallToolResult {
    return text(`Multi-round complete: ${user.name}'s favorite color is ${color.color}.`);
  }
}

/** The prompt fixture of input-required-result-non-tool-request. */
@Provider()
export class MrtrPrompts {
  @Prompt({ description: 'Asks for context via elicitation before building the prompt.' })
  test_input_required_result_prompt(
    @Elicit({ key: 'user_context', message: 'What context should the prompt use?', schema: PromptContext })
    ctx: PromptContext,
  ): GetPromptResult {
    return {
      messages: [{ role: 'user', content: { type: 'text', text: `Prompt built with context: ${ctx.context}` } }],
    };
  }
}
