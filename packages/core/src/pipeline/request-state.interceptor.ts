import { isInputRequiredResult, ProtocolError, type InputRequiredResult } from '@modelcontextprotocol/server';
import {
  boundPrincipal,
  InvalidRequestStateError,
  principalFromAuthInfo,
  RequestStateError,
  RequestStateErrorCode,
  type LegRun,
  type OpenedLeg,
  type RecordedAnswer,
  type RequestBinding,
  type RequestStateSealer,
} from '@tessera/request-state/framework';
import { IDEMPOTENT_LEGS_META } from '@tessera/common';
import type { CallHandler } from '../contracts/interceptor';
import type { PipelineContext } from '../contracts/pipeline-context';
import { JsonRpcCode } from '../errors/json-rpc-codes';
import { logWithRef, maskInternalError } from '../errors/masked-internal-error';
import { STORE_RETRY_AFTER_MS, storeUnavailable } from '../errors/store-unavailable';
import type { Logger } from '../logging/logger';
import { readFlowMark } from '../contracts/flow-progress';
import { handlerStarted } from './handler-started';
import { idempotencyKeyError, readIdempotencyKey } from './idempotency-key';
import { readEnvelope, type StateEnvelope } from './state-envelope';
import { answerAgain, recordableError } from './recorded-answer';
import { isThenable } from '../types/is-thenable';

/** The part of a call this stage reads and fills; the low-level server builds just this much. */
export type StateCarrier = Pick<
  PipelineContext,
  | 'method'
  | 'target'
  | 'arguments'
  | 'authInfo'
  | 'sdk'
  | 'requestState'
  | 'resolverProgress'
  | 'flow'
  | 'idempotencyKey'
>;

/** The outermost stage's part: opens the state a call carries before `next`, seals what it answers after. */
export interface StateStage {
  /** `recordsFirstLeg`: the call's tool may not run twice, so a first leg with a key is recorded under it. */
  intercept(call: StateCarrier, next: CallHandler, recordsFirstLeg?: boolean): Promise<unknown>;
}

export interface RequestStateInterceptorOptions {
  sealer: RequestStateSealer;
  /** The policy's own principal rule; without one, the verified auth (client id, issuer, subject). */
  bindPrincipal?: (call: StateCarrier) => string | null | undefined;
  logger: Logger;
}

type Binding = RequestBinding & { principalError?: unknown };

/**
 * The built-in, outermost stage of every call, so that no user code sees a state nobody checked. Before
 * anything else runs it verifies and opens the incoming `requestState` (any failure throws
 * `InvalidRequestStateError`, answered with the fixed -32602 outside every user filter); after the chain it
 * seals the state of an outgoing `InputRequiredResult`. Everything inside it works on plaintext.
 */
export class RequestStateInterceptor implements StateStage {
  constructor(private readonly options: RequestStateInterceptorOptions) {}

  intercept(call: StateCarrier, next: CallHandler, recordsFirstLeg = false): Promise<unknown> {
    try {
      const raw = call.sdk.mcpReq.requestState();
      const incoming = raw !== undefined && raw !== null;
      const key = readIdempotencyKey(call);
      if (key !== undefined) call.idempotencyKey = key;
      const binding = this.bindingFor(call, incoming);
      if (incoming) {
        const opened = this.openLegNow(call, raw, binding, key);
        // opened directly with nothing to record: the leg goes on without an async frame
        if (!isThenable(opened) && opened.run === undefined && opened.recorded === undefined)
          return this.runOpened(call, next, raw, opened.state, binding);
        return this.leg(call, next, raw, key, binding, opened);
      }
      if (recordsFirstLeg && key !== undefined && this.options.sealer.idempotentLegs)
        return this.leg(call, next, raw, key, binding, undefined);
      // nothing opened, nothing recorded: only an input-required answer has anything to do here (its sealing)
      return next().then((result) => (isInputRequiredResult(result) ? this.seal(call, result, binding) : result));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * A leg whose state opened directly and that nothing records (no single-use store): the same steps as
   * `leg`'s, chained on the handler's promise, the state sealed directly when the sealer can.
   */
  private runOpened(
    call: StateCarrier,
    next: CallHandler,
    raw: unknown,
    state: unknown,
    binding: Binding,
  ): Promise<unknown> {
    enterOpenedState(call, state);
    return next().then(
      (result) => {
        if (isInputRequiredResult(result)) return this.seal(call, result, binding);
        // refused before the handler (a guard's refusal a filter turned into a tool error, say): nothing ran
        return handlerStarted(call) ? result : this.notRun(call, raw, undefined).then(() => result);
      },
      (error: unknown) => {
        if (handlerStarted(call)) throw error;
        return this.notRun(call, raw, undefined).then(() => {
          throw error;
        });
      },
    );
  }

  /** A leg that carries a state, or a first leg recorded under its idempotency key: opened or claimed, run, recorded. */
  private async leg(
    call: StateCarrier,
    next: CallHandler,
    raw: unknown,
    key: string | undefined,
    binding: Binding,
    opening: OpenedLeg | Promise<OpenedLeg> | undefined,
  ): Promise<unknown> {
    const incoming = raw !== undefined && raw !== null;
    let run: LegRun | undefined;
    if (incoming && opening !== undefined) {
      const opened = await opening;
      if (opened.recorded !== undefined) return answerAgain(opened.recorded);
      run = opened.run;
      enterOpenedState(call, opened.state);
    } else if (key !== undefined) {
      const claimed = await this.claimFirstLeg(call, binding, key);
      if (claimed?.recorded !== undefined) return answerAgain(claimed.recorded);
      run = claimed?.run;
    }
    let result: unknown;
    try {
      result = await next();
    } catch (error) {
      if ((incoming || run !== undefined) && !handlerStarted(call)) await this.notRun(call, raw, run);
      else if (run !== undefined) await this.finish(call, run, recordableError(error));
      throw error;
    }
    // (incoming or recorded only: a plain call on a server without a store asks nothing more)
    if (!isInputRequiredResult(result) && (incoming || run !== undefined) && !handlerStarted(call)) {
      // refused before the handler (a guard's refusal a filter turned into a tool error, say): nothing ran
      await this.notRun(call, raw, run);
      return result;
    }
    try {
      if (isInputRequiredResult(result)) result = await this.seal(call, result, binding);
    } catch (error) {
      run?.end(); // sealing failed (-32603, logged): nothing to record, a resend runs the leg again
      throw error;
    }
    if (run !== undefined) await this.finish(call, run, { result });
    return result;
  }

  /**
   * Records what an idempotent leg answered, so a resend of it gets the same answer. A JSON-RPC error is an
   * answer too; any other failure is not (it is masked with a fresh ref), so its run just ends. A store
   * that cannot keep the answer is logged, and the leg still answers: its resend then runs it again.
   */
  private async finish(call: StateCarrier, run: LegRun, answer: RecordedAnswer | undefined): Promise<void> {
    if (answer === undefined) return run.end();
    try {
      await run.finish(answer);
    } catch (failure) {
      run.end();
      this.options.logger.warn('idempotent leg: recording its answer failed; a resend of the leg runs it again', {
        method: call.method,
        target: call.target,
        error: failure,
      });
    }
  }

  /**
   * A leg that ended before its handler ran leaves nothing to answer a resend with: its token is given back,
   * a first leg's record forgotten, so the resend runs at once.
   */
  private async notRun(call: StateCarrier, raw: unknown, run: LegRun | undefined): Promise<void> {
    if (raw !== undefined && raw !== null) {
      run?.end();
      await this.giveBack(call, raw);
    } else if (run !== undefined) {
      await run.release().catch((error: unknown) => {
        // the record stays until its lease lapses: a resend waits that long, then runs
        this.options.logger.warn('idempotent first leg: forgetting the record of a leg that never ran failed', {
          method: call.method,
          target: call.target,
          error,
        });
      });
    }
  }

  /**
   * A single-use token whose leg ended before its handler ran, without asking anything, stays good for the
   * client's retry (a leg that asked has spent it: its answer carries the next token).
   */
  private async giveBack(call: StateCarrier, raw: unknown): Promise<void> {
    try {
      await this.options.sealer.giveBack(raw);
    } catch (error) {
      // the leg's own error is the answer; the token merely stays burnt
      this.options.logger.warn('requestState single-use: giving back the token of a leg that never ran failed', {
        method: call.method,
        target: call.target,
        error,
      });
    }
  }

  /**
   * Opens the state; under a single-use policy also consumes its nonce (a replay is the fixed -32602). A
   * store that does not answer refuses the leg (fail closed), logged, and answered as retryable: -31503
   * with `data: { reason: 'store_unavailable', retryAfterMs }`.
   */
  private openLegNow(
    call: StateCarrier,
    raw: unknown,
    binding: Binding,
    key: string | undefined,
  ): OpenedLeg | Promise<OpenedLeg> {
    const { sealer } = this.options;
    let opened: OpenedLeg | Promise<OpenedLeg>;
    try {
      opened =
        sealer.openLegDirect !== undefined
          ? sealer.openLegDirect(raw, binding, key)
          : sealer.openLeg(raw, binding, key);
    } catch (error) {
      throw this.storeRefusal(call, error);
    }
    if (!isThenable(opened)) return opened;
    return Promise.resolve(opened).catch((error: unknown) => {
      throw this.storeRefusal(call, error);
    });
  }

  /**
   * Claims the record of a first leg the client named `key` (the same outcomes as an idempotent leg's). A
   * key already used with other arguments is -32602 naming the key; a custom principal that failed leaves
   * the call unrecorded (sealing anything for it would fail anyway).
   */
  private async claimFirstLeg(
    call: StateCarrier,
    binding: Binding,
    key: string,
  ): Promise<{ run?: LegRun; recorded?: RecordedAnswer } | undefined> {
    const { principalError, ...clean } = binding;
    if (principalError !== undefined) return undefined;
    try {
      return await this.options.sealer.claimFirstLeg(clean, key);
    } catch (error) {
      if (!(RequestStateError.isInstance(error) && error.code === RequestStateErrorCode.IdempotencyKeyReused))
        throw this.storeRefusal(call, error);
      throw idempotencyKeyError(
        call,
        `"${key}" was already used for this tool with other arguments; a new call needs a new key`,
      );
    }
  }

  /**
   * What a leg refused by the single-use store is answered: a run still going elsewhere or a store that did
   * not answer are retryable (-31503); anything else is thrown as it is.
   */
  private storeRefusal(call: StateCarrier, error: unknown): unknown {
    if (RequestStateError.isInstance(error) && error.code === RequestStateErrorCode.LegInProgress) {
      // Nothing ran for this resend: the first run is alive and will record its answer; ask again shortly.
      return new ProtocolError(JsonRpcCode.Unavailable, `Service unavailable: ${error.message}`, {
        reason: 'leg_in_progress',
        retryAfterMs: STORE_RETRY_AFTER_MS,
      });
    }
    if (!(RequestStateError.isInstance(error) && error.code === RequestStateErrorCode.SingleUseStoreUnavailable))
      return error;
    const ref = logWithRef(
      this.options.logger,
      'requestState single-use store unavailable: leg refused (fail closed)',
      {
        method: call.method,
        target: call.target,
        error,
      },
    );
    // Transient and the server's: the handler did not run and the token was not spent, so the client sends the leg again.
    return storeUnavailable(
      `the single-use state store did not answer; the leg did not run, send it again (ref ${ref})`,
    );
  }

  /**
   * The verified auth's principal, with the custom `bindPrincipal` value added. A custom one that throws refuses an incoming state like any other verification failure;
   * with no incoming state the call goes on, and sealing a new state then fails as an internal error.
   */
  private bindingFor(call: StateCarrier, incoming: boolean): Binding {
    const { bindPrincipal } = this.options;
    // unusable auth info throws here (a logged server error naming the field), never a fallback to the client id
    const verified = principalFromAuthInfo(call.authInfo);
    if (!bindPrincipal) return bindingOf(call, verified);
    try {
      return bindingOf(call, boundPrincipal(verified, bindPrincipal(call))); // added to the verified caller, never instead
    } catch (cause) {
      if (incoming)
        throw new InvalidRequestStateError('principal_error', {
          cause,
          detail: cause instanceof Error ? `${cause.name}: ${cause.message}` : undefined,
        });
      const refused: Binding = bindingOf(call, null);
      refused.principalError = cause;
      return refused;
    }
  }

  /**
   * A failure here is the server's, so it answers -32603 and is logged (thrown, or a rejection when the
   * sealer answered with a promise). Answered directly when the sealer seals directly.
   */
  private seal(
    call: StateCarrier,
    result: InputRequiredResult,
    binding: Binding,
  ): InputRequiredResult | Promise<InputRequiredResult> {
    const envelope = envelopeFor(call, result);
    if (envelope === undefined) return result;
    const { sealer } = this.options;
    let token: string | Promise<string>;
    try {
      // a binding has a principalError only when it failed, so one without it is passed as it is
      if (binding.principalError !== undefined) throw binding.principalError;
      token = sealer.sealDirect !== undefined ? sealer.sealDirect(envelope, binding) : sealer.seal(envelope, binding);
      if (typeof token === 'string') return this.withState(result, token);
    } catch (error) {
      throw this.sealingFailed(call, error);
    }
    return Promise.resolve(token)
      .then((requestState) => this.withState(result, requestState))
      .catch((error: unknown) => {
        throw this.sealingFailed(call, error);
      });
  }

  /** The answer with its sealed state; the next leg carries it, so say whether a resend is answered from its record. */
  private withState(result: InputRequiredResult, requestState: string): InputRequiredResult {
    if (!this.options.sealer.idempotentLegs)
      return isAsked(result) ? asked(result, requestState) : { ...result, requestState };
    return { ...result, requestState, _meta: { ...result._meta, [IDEMPOTENT_LEGS_META]: true } };
  }

  private sealingFailed(call: StateCarrier, error: unknown): ProtocolError {
    return new ProtocolError(
      JsonRpcCode.InternalError,
      maskInternalError(this.options.logger, 'sealing requestState failed', {
        method: call.method,
        target: call.target,
        error,
      }),
    );
  }
}

/** The resolver's own answer (resultType and inputRequests, nothing else): built as one literal, not spread. */
function isAsked(result: InputRequiredResult): boolean {
  const keys = Object.keys(result);
  return (
    keys.length === 2 &&
    keys[0] === 'resultType' &&
    keys[1] === 'inputRequests' &&
    Object.getPrototypeOf(result) === Object.prototype &&
    Object.getOwnPropertySymbols(result).length === 0
  );
}

/**
 * `{ ...result, requestState }` of the resolver's own answer, written as one literal: on Node 20 a spread
 * followed by a key of its own takes a slow path in V8.
 */
function asked(result: InputRequiredResult, requestState: string): InputRequiredResult {
  return { resultType: result.resultType, inputRequests: result.inputRequests, requestState };
}

/**
 * A call's binding, written as one literal: on Node 20 a spread followed by a key of its own (`{ ...base,
 * principal }`) takes a slow path in V8, about a microsecond a call.
 */
function bindingOf(call: StateCarrier, principal: string | null): Binding {
  return {
    method: call.method,
    target: call.target,
    arguments: call.arguments as Record<string, unknown>,
    principal,
  };
}

/** What an opened state gives the call: the handler's own state, the resolver's progress, the flow's mark. */
function enterOpenedState(call: StateCarrier, state: unknown): void {
  const envelope = readEnvelope(state);
  call.requestState = envelope.d;
  call.resolverProgress.incoming = envelope.r;
  call.flow.incoming = readFlowMark(envelope.f);
}

/** The resolver's progress when it asked; otherwise a direct-form handler's own state, if it left one. */
function envelopeFor(call: StateCarrier, result: InputRequiredResult): StateEnvelope | undefined {
  // built key by key (a spread of the flow's mark into it was a throwaway object and V8's slow copy)
  let envelope: StateEnvelope;
  if (call.resolverProgress.outgoing !== undefined) envelope = { r: call.resolverProgress.outgoing };
  else if (result.requestState !== undefined) envelope = { d: result.requestState };
  else return undefined;
  if (call.flow.outgoing !== undefined) envelope.f = call.flow.outgoing;
  return envelope;
}
