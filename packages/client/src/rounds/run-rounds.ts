import type { InputRequiredResult, InputResponses } from '@modelcontextprotocol/client';
import { IDEMPOTENT_LEGS_META } from '@tessera/common';
import type { InputAnswerer } from '../callbacks/input-answerer';
import { InputRequiredRoundsExceededError } from '../errors/input-required-rounds-exceeded.error';
import { isInputRequired } from '../flow/is-input-required';
import { describeCall, type McpCall } from '../flow/mcp-call';
import { fulfilRound } from './fulfil-round';
import { missingCallbackBehind } from './missing-callback-behind';
import type { RoundHooks } from './round-hooks.types';
import type { Sleep } from './sleep';
import { StateOnlyBackoff } from './state-only-backoff';

/** What a leg carries besides the call itself: this round's answers and the state echoed byte for byte. */
export interface RoundSeed {
  inputResponses?: InputResponses;
  requestState?: string;
  /** The leg's idempotency key, set by the retrying sender: the same on each resend of one leg. */
  idempotencyKey?: string;
  /**
   * The server said (`_meta["io.github.tessera-mcp/idempotentLegs"]` on the `input_required` result whose
   * state this leg echoes) that it answers a resend of this leg from its record instead of running it again.
   */
  idempotentLeg?: boolean;
}

/** Sends one leg of the call (a fresh request, so a fresh JSON-RPC id) and returns whatever the server answered. */
export type SendLeg<R> = (seed: RoundSeed, signal: AbortSignal) => Promise<R | InputRequiredResult>;

export interface RunRoundsOptions<R> {
  call: McpCall;
  send: SendLeg<R>;
  answerer: InputAnswerer;
  /** Maximum retries after the first leg. */
  maxRounds: number;
  sleep: Sleep;
  signal: AbortSignal;
  hooks: Required<RoundHooks>;
  /** Answers and state to send on the first leg (resuming a flow). */
  seed?: RoundSeed;
  /** Start the flow over when the server refuses the echoed state (default true). */
  restartOnInvalidState?: boolean;
}

/** The automatic round loop: answer, retry, repeat until the server returns a complete result. */
export async function runRounds<R>(options: RunRoundsOptions<R>): Promise<R> {
  const { call, send, signal, hooks } = options;
  const backoff = new StateOnlyBackoff();
  const seed = options.seed ?? {};
  let retries = 0;
  // The echoed state is no longer good where the leg landed (expired, rotated away, or sealed under a key that
  // instance does not know): the flow starts over, which counts as a round. Any other failure is the caller's
  // (a -32021 for a capability the client lacks a callback for named as that missing callback).
  const startOver = async (error: unknown, echoed: string | undefined, round: number) => {
    if (echoed === undefined || !isInvalidRequestState(error) || options.restartOnInvalidState === false)
      throw missingCallbackBehind(error, options.answerer, describeCall(call)) ?? error;
    await hooks.onRound({
      call,
      round,
      inputRequests: {},
      requestState: undefined,
      stateOnly: false,
      delayMs: 0,
      restarted: true,
    });
    return send({}, signal);
  };
  let result: R | InputRequiredResult;
  try {
    result = await send(seed, signal);
  } catch (error) {
    // A resumed flow is a retry too: its seeded state may be refused like any other echoed one.
    retries = 1;
    result = await startOver(error, seed.requestState, 1);
  }
  // Which questions each leg asked, so running out of rounds can name the one that kept coming back.
  const asked = new Map<string, number>();
  let legs = 0;
  while (isInputRequired(result)) {
    const inputRequests = result.inputRequests ?? {};
    legs++;
    for (const key of Object.keys(inputRequests)) asked.set(key, (asked.get(key) ?? 0) + 1);
    if (retries >= options.maxRounds) {
      throw new InputRequiredRoundsExceededError(call, retries, options.maxRounds, result, { asked, legs });
    }
    const stateOnly = Object.keys(inputRequests).length === 0;
    if (!stateOnly) backoff.reset();
    const delayMs = stateOnly ? backoff.next() : 0;
    const round = retries + 1;
    await hooks.onRound({ call, round, inputRequests, requestState: result.requestState, stateOnly, delayMs });
    let inputResponses: InputResponses | undefined;
    if (stateOnly) await options.sleep(delayMs, signal);
    else
      inputResponses = await fulfilRound(options.answerer, inputRequests, {
        where: describeCall(call),
        signal,
        hooks,
        call,
        round,
      });
    retries = round;
    // Only this round's answers travel; earlier answers are the server's to keep inside its state.
    const echoed = result.requestState;
    const idempotentLeg = result._meta?.[IDEMPOTENT_LEGS_META] === true && echoed !== undefined;
    try {
      result = await send({ inputResponses, requestState: echoed, ...(idempotentLeg && { idempotentLeg }) }, signal);
    } catch (error) {
      result = await startOver(error, echoed, round);
    }
  }
  return result;
}

/** The fixed refusal servers give for a bad state: JSON-RPC -32602 with `data.reason: 'invalid_request_state'`. */
export function isInvalidRequestState(error: unknown): boolean {
  const e = error as { code?: unknown; data?: { reason?: unknown } } | null;
  return typeof e === 'object' && e !== null && e.code === -32602 && e.data?.reason === 'invalid_request_state';
}
