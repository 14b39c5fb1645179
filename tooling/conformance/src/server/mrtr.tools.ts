import {
  inputRequired,
  ProtocolError,
  type CallToolResult,
  type InputRequests,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';
import { Ctx, ExecutionContext, JsonRpcCode, Provider, Tool } from '@tessera/core';
import { elicit, elicitAnswer, responsesOf, sample, samplingText } from './input-responses';

const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });

/** Plaintext state of the flows below; Tessera seals it on the way out and opens it on the way back. */
interface FlowState {
  flow: string;
  step: number;
  name?: string;
}

function stateOf(ctx: ExecutionContext, flow: string): FlowState | undefined {
  if (typeof ctx.requestState !== 'string') return undefined;
  try {
    const s = JSON.parse(ctx.requestState) as FlowState;
    return s && s.flow === flow ? s : undefined;
  } catch {
    return undefined;
  }
}

const stateString = (s: FlowState) => JSON.stringify(s);

/**
 * The SEP-2322 fixtures that are about a handler's own state or choices, in Tessera's direct form: each
 * handler returns `inputRequired(...)` itself and reads `ctx.inputResponses` / its own plaintext
 * `ctx.requestState` (sealed and opened by Tessera) on the retry.
 */
@Provider()
export class MrtrDirectTools {
  @Tool({ description: 'Asks for confirmation and carries requestState across the round.', returnsInputRequired: true })
  test_input_required_result_request_state(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    const state = stateOf(ctx, 'request-state');
    const answer = elicitAnswer(responsesOf(ctx), 'confirm', { ok: 'boolean' });
    if (!state || !answer) {
      return inputRequired({
        inputRequests: {
          confirm: elicit('Please confirm to continue.', { ok: { type: 'boolean', description: 'Confirm' } }),
        },
        requestState: stateString({ flow: 'request-state', step: 1 }),
      });
    }
    return text(`state-ok: confirmed=${answer.action === 'accept' ? String(answer.content.ok) : answer.action}`);
  }

  @Tool({
    description: 'Carries an integrity-protected requestState; a tampered one is refused.',
    returnsInputRequired: true,
  })
  test_input_required_result_tampered_state(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    // Tessera seals every requestState (AEAD) and refuses a tampered one with -32602 before this runs.
    const answer = elicitAnswer(responsesOf(ctx), 'confirm', { ok: 'boolean' });
    if (!stateOf(ctx, 'tampered-state') || !answer) {
      return inputRequired({
        inputRequests: { confirm: elicit('Please confirm.', { ok: { type: 'boolean' } }) },
        requestState: stateString({ flow: 'tampered-state', step: 1 }),
      });
    }
    return text('state verified');
  }

  @Tool({ description: "Asks only for what the client's declared capabilities allow.", returnsInputRequired: true })
  test_input_required_result_capabilities(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    const caps = ctx.clientCapabilities ?? {};
    const responses = responsesOf(ctx);
    const requests: InputRequests = {};
    if (caps.sampling && samplingText(responses, 'sample_question') === undefined)
      requests.sample_question = sample('Say something.');
    if (caps.elicitation && !elicitAnswer(responses, 'user_name', { name: 'string' })) {
      requests.user_name = elicit('What is your name?', { name: { type: 'string' } });
    }
    if (Object.keys(requests).length > 0) return inputRequired({ inputRequests: requests });
    if (!caps.sampling && !caps.elicitation) {
      throw new ProtocolError(JsonRpcCode.MissingRequiredClientCapability, 'This tool needs sampling or elicitation.', {
        requiredCapabilities: { sampling: {} },
      });
    }
    return text('All permitted inputs received.');
  }
}
