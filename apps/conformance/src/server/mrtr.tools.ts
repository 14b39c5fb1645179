import { inputRequired, ProtocolError, type CallToolResult, type GetPromptResult, type InputRequests, type InputRequiredResult } from '@modelcontextprotocol/server';
import { Ctx, ExecutionContext, JsonRpcCode, Prompt, Provider, Tool } from '@tessera/core';
import { elicit, elicitAnswer, listRoots, responsesOf, sample, samplingText, rootsOf } from './input-responses';

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
 * The SEP-2322 (multi-round-trip) fixtures, in Tessera's direct form: each handler returns
 * `inputRequired(...)` itself and reads `ctx.inputResponses` / its own plaintext `ctx.requestState` on the retry.
 */
@Provider()
export class MrtrTools {
  @Tool({ description: 'Asks for the user name via elicitation, then greets.', returnsInputRequired: true })
  test_input_required_result_elicitation(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    const answer = elicitAnswer(responsesOf(ctx), 'user_name', { name: 'string' });
    if (!answer) return inputRequired({ inputRequests: { user_name: elicit('What is your name?', { name: { type: 'string', description: 'Your name' } }) } });
    if (answer.action !== 'accept') return text(`Elicitation ${answer.action}d; no greeting.`);
    return text(`Hello, ${answer.content.name as string}!`);
  }

  @Tool({ description: 'Asks the client to sample an LLM, then reports the answer.', returnsInputRequired: true })
  test_input_required_result_sampling(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    const answer = samplingText(responsesOf(ctx), 'capital_question');
    if (answer === undefined) return inputRequired({ inputRequests: { capital_question: sample('What is the capital of France?') } });
    return text(`Sampling answer: ${answer}`);
  }

  @Tool({ description: "Asks for the client's roots, then lists them.", returnsInputRequired: true })
  test_input_required_result_list_roots(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    const roots = rootsOf(responsesOf(ctx), 'client_roots');
    if (!roots) return inputRequired({ inputRequests: { client_roots: listRoots() } });
    return text(`Client roots: ${roots.map((r) => r.uri).join(', ') || '(none)'}`);
  }

  @Tool({ description: 'Asks for confirmation and carries requestState across the round.', returnsInputRequired: true })
  test_input_required_result_request_state(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    const state = stateOf(ctx, 'request-state');
    const answer = elicitAnswer(responsesOf(ctx), 'confirm', { ok: 'boolean' });
    if (!state || !answer) {
      return inputRequired({
        inputRequests: { confirm: elicit('Please confirm to continue.', { ok: { type: 'boolean', description: 'Confirm' } }) },
        requestState: stateString({ flow: 'request-state', step: 1 }),
      });
    }
    return text(`state-ok: confirmed=${answer.action === 'accept' ? String(answer.content.ok) : answer.action}`);
  }

  @Tool({ description: 'Asks for an elicitation, a sampling and the roots in one round.', returnsInputRequired: true })
  test_input_required_result_multiple_inputs(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    const responses = responsesOf(ctx);
    const name = elicitAnswer(responses, 'user_name', { name: 'string' });
    const greeting = samplingText(responses, 'greeting');
    const roots = rootsOf(responses, 'client_roots');
    if (!stateOf(ctx, 'multiple-inputs') || !name || greeting === undefined || !roots) {
      return inputRequired({
        inputRequests: {
          user_name: elicit('What is your name?', { name: { type: 'string', description: 'Your name' } }),
          greeting: sample('Write a short greeting.'),
          client_roots: listRoots(),
        },
        requestState: stateString({ flow: 'multiple-inputs', step: 1 }),
      });
    }
    const who = name.action === 'accept' ? String(name.content.name) : 'anonymous';
    return text(`Hello, ${who}! Greeting: ${greeting}. Roots: ${roots.map((r) => r.uri).join(', ')}`);
  }

  @Tool({ description: 'Two rounds of questions: a name, then a favourite colour.', returnsInputRequired: true })
  test_input_required_result_multi_round(@Ctx() ctx: ExecutionContext): CallToolResult | InputRequiredResult {
    const responses = responsesOf(ctx);
    const state = stateOf(ctx, 'multi-round');
    const askName = () =>
      inputRequired({
        inputRequests: { step1: elicit('What is your name?', { name: { type: 'string', description: 'Your name' } }) },
        requestState: stateString({ flow: 'multi-round', step: 1 }),
      });
    const askColor = (name: string) =>
      inputRequired({
        inputRequests: { step2: elicit(`Hello ${name}, what is your favorite color?`, { color: { type: 'string', description: 'Colour' } }) },
        requestState: stateString({ flow: 'multi-round', step: 2, name }),
      });
    if (!state) return askName();
    if (state.step === 1) {
      const answer = elicitAnswer(responses, 'step1', { name: 'string' });
      if (!answer) return askName();
      return askColor(answer.action === 'accept' ? String(answer.content.name) : 'stranger');
    }
    const color = elicitAnswer(responses, 'step2', { color: 'string' });
    if (!color) return askColor(state.name ?? 'stranger');
    const c = color.action === 'accept' ? String(color.content.color) : 'unknown';
    return text(`Multi-round complete: ${state.name}'s favorite color is ${c}.`);
  }

  @Tool({ description: 'Carries an integrity-protected requestState; a tampered one is refused.', returnsInputRequired: true })
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
    if (caps.sampling && samplingText(responses, 'sample_question') === undefined) requests.sample_question = sample('Say something.');
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

/** The prompt fixture of input-required-result-non-tool-request. */
@Provider()
export class MrtrPrompts {
  @Prompt({ description: 'Asks for context via elicitation before building the prompt.', returnsInputRequired: true })
  test_input_required_result_prompt(@Ctx() ctx: ExecutionContext): GetPromptResult | InputRequiredResult {
    const answer = elicitAnswer(responsesOf(ctx), 'user_context', { context: 'string' });
    if (!answer) {
      return inputRequired({ inputRequests: { user_context: elicit('What context should the prompt use?', { context: { type: 'string' } }) } });
    }
    const context = answer.action === 'accept' ? String(answer.content.context) : '(none)';
    return { messages: [{ role: 'user', content: { type: 'text', text: `Prompt built with context: ${context}` } }] };
  }
}
