import type { InputRequest, InputRequests, InputResponse, InputResponses } from '@modelcontextprotocol/client';
import type { InputAnswerer } from '../callbacks/input-answerer';
import { inputKindOf, type InputKind } from '../callbacks/input-kind';
import { InvalidInputRequestError } from '../errors/invalid-input-request.error';
import type { McpCall } from '../flow/mcp-call';
import { raceAbort } from './race-abort';
import type { RoundHooks } from './round-hooks.types';

export interface FulfilContext {
  /** A label for errors: the call (`tools/call 'deploy'`) or `the server`. */
  where: string;
  signal: AbortSignal;
  hooks: Required<RoundHooks>;
  call?: McpCall;
  round?: number;
}

interface PlannedAnswer {
  key: string;
  kind: InputKind;
  request: InputRequest;
}

/**
 * Answers every request of one round through the callbacks, concurrently, under the same keys. Every request is
 * checked (known kind, not refused, has a callback) before any callback runs, so a round that cannot be answered
 * fails before anything is shown to the user or sent. The first failing callback aborts its siblings.
 */
export async function fulfilRound(
  answerer: InputAnswerer,
  inputRequests: InputRequests,
  context: FulfilContext,
): Promise<InputResponses> {
  // A stopped call shows the user nothing more.
  if (context.signal.aborted) throw context.signal.reason;
  const plan = planAnswers(answerer, inputRequests, context);
  const round = new AbortController();
  const onAbort = () => round.abort(context.signal.reason);
  if (context.signal.aborted) onAbort();
  context.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const answered = await raceAbort(
      Promise.all(
        plan.map(async (item): Promise<[string, InputResponse]> => {
          try {
            return [item.key, await answerOne(answerer, item, context, round.signal)];
          } catch (error) {
            round.abort(error);
            throw error;
          }
        }),
      ),
      round.signal,
    );
    return Object.fromEntries(answered);
  } finally {
    context.signal.removeEventListener('abort', onAbort);
  }
}

function planAnswers(answerer: InputAnswerer, inputRequests: InputRequests, context: FulfilContext): PlannedAnswer[] {
  return Object.entries(inputRequests).map(([key, request]) => {
    const method: unknown = typeof request === 'object' && request !== null ? request.method : undefined;
    const kind = inputKindOf(method);
    if (kind === undefined) {
      throw new InvalidInputRequestError(
        key,
        context.where,
        `method ${JSON.stringify(method)} is not elicitation/create, sampling/createMessage or roots/list`,
      );
    }
    answerer.assertAnswerable(kind, request, context.where, { key, call: context.call });
    return { key, kind, request };
  });
}

async function answerOne(
  answerer: InputAnswerer,
  item: PlannedAnswer,
  context: FulfilContext,
  signal: AbortSignal,
): Promise<InputResponse> {
  const event = { kind: item.kind, request: item.request, key: item.key, call: context.call, round: context.round };
  await context.hooks.onInputRequest(event);
  if (signal.aborted) throw signal.reason; // stopped while the hook ran: do not put the question to the user
  const response = await answerer.answer(item.kind, item.request, context.where, {
    key: item.key,
    call: context.call,
    signal,
  });
  await context.hooks.onInputResponse({ ...event, response });
  return response;
}
