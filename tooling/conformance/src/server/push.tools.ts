import { IsString } from 'class-validator';
import type { CallToolResult, CreateMessageResult, ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { Args, Ctx, Elicit, type Elicitation, ExecutionContext, Provider, Sample, Tool } from '@tessera/core';

export class SamplingPrompt {
  @IsString()
  prompt!: string;
}

export class ElicitationMessage {
  @IsString()
  message!: string;
}

type Schema = ElicitRequestFormParams['requestedSchema'];

const CONTACT: Schema = {
  type: 'object',
  properties: {
    username: { type: 'string', description: "User's response" },
    email: { type: 'string', description: "User's email address" },
  },
  required: ['username', 'email'],
};

/** SEP-1034: a default for every primitive type. */
const DEFAULTS: Schema = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    score: { type: 'number', default: 95.5 },
    status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
    verified: { type: 'boolean', default: true },
  },
};

/** SEP-1330: the five enum shapes, single and multi select, titled and untitled (and the deprecated enumNames). */
const ENUMS = {
  type: 'object',
  properties: {
    untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    titledSingle: {
      type: 'string',
      oneOf: [
        { const: 'value1', title: 'First Option' },
        { const: 'value2', title: 'Second Option' },
        { const: 'value3', title: 'Third Option' },
      ],
    },
    legacyEnum: {
      type: 'string',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option One', 'Option Two', 'Option Three'],
    },
    untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
    titledMulti: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'value1', title: 'First Choice' },
          { const: 'value2', title: 'Second Choice' },
          { const: 'value3', title: 'Third Choice' },
        ],
      },
    },
  },
} as Schema;

const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });
const outcome = (e: Elicitation<unknown>) =>
  `action=${e.action}, content=${JSON.stringify(e.action === 'accept' ? e.content : {})}`;

/**
 * The 2025-11-25 fixtures (tools-call-with-logging, -sampling, -elicitation, elicitation-sep1034-defaults,
 * elicitation-sep1330-enums). On a 2025 session the `@Sample` and `@Elicit` parameters become push requests
 * (`sampling/createMessage`, `elicitation/create`) on the call's stream, which is what these scenarios test.
 */
@Provider()
export class PushTools {
  @Tool({ description: 'Sends three log messages at info level while it runs.' })
  async test_tool_with_logging(@Ctx() ctx: ExecutionContext): Promise<string> {
    await ctx.log('info', 'Tool execution started');
    await delay(50);
    await ctx.log('info', 'Tool processing data');
    await delay(50);
    await ctx.log('info', 'Tool execution completed');
    return 'Tool with logging executed successfully.';
  }

  /** SEP-1699 (server-sse-polling): closes its own event stream mid-call; the client resumes with Last-Event-ID. */
  @Tool({ description: 'Closes its event stream mid-call, then answers on the resumed stream.' })
  async test_reconnection(@Ctx() ctx: ExecutionContext): Promise<string> {
    await delay(50);
    ctx.sdk.http?.closeSSE?.(); // there only on a resumable 2025 session stream (legacySessions.resumeEvents)
    await delay(100);
    return 'Reconnection test completed.';
  }

  @Tool({ description: "Asks the client's LLM to complete the prompt." })
  test_sampling(
    @Args() _args: SamplingPrompt,
    @Sample<SamplingPrompt>({
      key: 'completion',
      request: ({ args }) => ({
        messages: [{ role: 'user', content: { type: 'text', text: args.prompt } }],
        maxTokens: 100,
      }),
    })
    answer: CreateMessageResult,
  ): CallToolResult {
    const content = Array.isArray(answer.content) ? answer.content[0] : answer.content;
    return text(`LLM response: ${content?.type === 'text' ? content.text : `(${content?.type ?? 'no'} content)`}`);
  }

  @Tool({ description: 'Asks the user for a username and an email address.' })
  test_elicitation(
    @Args() _args: ElicitationMessage,
    @Elicit<ElicitationMessage>({
      key: 'contact',
      message: ({ args }) => args.message,
      schema: CONTACT,
      inject: 'outcome',
    })
    answer: Elicitation<Record<string, unknown>>,
  ): CallToolResult {
    return text(`User response: ${outcome(answer)}`);
  }

  @Tool({ description: 'Elicits a form whose fields all carry defaults (SEP-1034).' })
  test_elicitation_sep1034_defaults(
    @Elicit({ key: 'defaults', message: 'Confirm or change the defaults.', schema: DEFAULTS, inject: 'outcome' })
    answer: Elicitation<Record<string, unknown>>,
  ): CallToolResult {
    return text(`Elicitation completed: ${outcome(answer)}`);
  }

  @Tool({ description: 'Elicits a form with every enum shape (SEP-1330).' })
  test_elicitation_sep1330_enums(
    @Elicit({ key: 'enums', message: 'Pick some options.', schema: ENUMS, inject: 'outcome' })
    answer: Elicitation<Record<string, unknown>>,
  ): CallToolResult {
    return text(`Elicitation completed: ${outcome(answer)}`);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
