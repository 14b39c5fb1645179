import {
  inputRequired,
  type CallToolResult,
  type CreateMessageResult,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';
import { Ctx, ExecutionContext, Provider, Sample, Tool } from '@tessera/core';
import { elicit, elicitAnswer, responsesOf } from './input-responses';

/** Probes of the server-stateless scenario (SEP-2575). */
@Provider()
export class DiagnosticTools {
  /**
   * Needs sampling. Refusing the call with -32021 (`requiredCapabilities: {sampling: {}}`) when the request's
   * client capabilities lack `sampling` is the framework's job (capability gating of `@Sample`), not this method's.
   */
  @Tool({ description: 'Needs the sampling capability.' })
  test_missing_capability(
    @Sample({
      key: 'sample',
      request: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }], maxTokens: 50 },
    })
    answer: CreateMessageResult,
  ): CallToolResult {
    return { content: [{ type: 'text', text: `Sampled a ${answer.role} message from ${answer.model}.` }] };
  }

  /** In 2026-07-28 an elicitation travels in the result (input_required), never as a request on the response stream. */
  @Tool({ description: 'Elicits through the result, never on the response stream.', returnsInputRequired: true })
  test_streaming_elicitation(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    const answer = elicitAnswer(responsesOf(ctx), 'confirm', { ok: 'boolean' });
    if (!answer) return inputRequired({ inputRequests: { confirm: elicit('Continue?', { ok: { type: 'boolean' } }) } });
    return { content: [{ type: 'text', text: `Elicitation ${answer.action}.` }] };
  }

  /** Logs at info; the client sees it only when the request's _meta sets a log level. */
  @Tool({ description: 'Emits a log message at info level.' })
  async test_logging_tool(@Ctx() ctx: ExecutionContext): Promise<string> {
    await ctx.log('info', 'test_logging_tool ran');
    return 'Logged at info.';
  }
}
