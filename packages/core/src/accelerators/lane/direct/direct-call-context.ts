import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  SdkError,
  SdkErrorCode,
  type AuthInfo,
  type LoggingLevel,
  type Notification,
  type RequestId,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { partitionInputResponses, type RetryParams } from './retry-params';

/** The `_meta` keys the SDK lifts into `ctx.mcpReq.envelope` (the per-request envelope of 2026-07-28). */
const ENVELOPE_KEYS = [
  PROTOCOL_VERSION_META_KEY,
  CLIENT_INFO_META_KEY,
  CLIENT_CAPABILITIES_META_KEY,
  LOG_LEVEL_META_KEY,
];

/** What a direct call's context is made from. */
export interface DirectCallInput {
  id: RequestId;
  /** The request's method, as `ctx.mcpReq.method` shows it (`tools/call`, `prompts/get`, `resources/read`). */
  method: string;
  /** The request's `params._meta` (already checked to be a plain object). */
  meta: Record<string, unknown>;
  /** The request's retry fields, as sent (see retry-params.ts). */
  retry?: RetryParams;
  /** The HTTP request, as the SDK's context carries it. */
  request: Request;
  authInfo?: AuthInfo;
  /** Where the call's notifications go (the answer turns into an event stream on the first one). */
  notify(notification: Notification): Promise<void>;
}

/** A direct call's context, and what ends it. */
export interface DirectCallContext {
  ctx: ServerContext;
  /** The call is over: its signal stops listening to the request's. */
  finish(): void;
}

/**
 * The handler context a direct call runs with: what the SDK's per-request server would give a stateless
 * 2026-07-28 request: the envelope lifted out of `_meta`; the answers (`inputResponses`, the bare ones
 * kept, the others' keys in `droppedInputResponseKeys`) and the `requestState` as the SDK lifts them out of
 * the params; `log` as the SDK's (sent only at or above the level the envelope asks for, silent when it
 * asks for none); server-to-client requests refused as the SDK refuses them on this revision. Its abort
 * signal is made only when something reads it (building one is a measurable part of a call), and aborts
 * when the client goes away.
 */
export function directCallContext(input: DirectCallInput): DirectCallContext {
  const mcpReq = new DirectRequest(input);
  const http = input.authInfo !== undefined ? { authInfo: input.authInfo, req: input.request } : { req: input.request };
  return { ctx: { mcpReq, http } as unknown as ServerContext, finish: () => mcpReq.finish() };
}

/**
 * `ctx.mcpReq` of a direct call. A class, so that a call builds it in one step with a fixed shape; the
 * functions are own properties, as in the SDK's context, so a handler may take them out of it.
 */
class DirectRequest {
  readonly id: RequestId;
  readonly method: string;
  readonly _meta?: Record<string, unknown>;
  readonly envelope: Record<string, unknown>;
  // own keys only when the request has them, as on the SDK's context
  declare readonly inputResponses?: Record<string, unknown>;
  declare readonly droppedInputResponseKeys?: string[];
  // truly private (#): nothing of this shows on the context a handler sees, as on the SDK's
  readonly #input: DirectCallInput;
  #controller?: AbortController;
  #unlink?: () => void;

  constructor(input: DirectCallInput) {
    this.#input = input;
    this.id = input.id;
    this.method = input.method;
    const { envelope, rest } = liftEnvelope(input.meta);
    this.envelope = envelope;
    if (rest !== undefined) this._meta = rest;
    const retry = input.retry;
    if (retry?.inputResponses !== undefined) {
      const { accepted, droppedKeys } = partitionInputResponses(retry.inputResponses);
      Object.assign(
        this,
        { inputResponses: accepted },
        droppedKeys.length > 0 && { droppedInputResponseKeys: droppedKeys },
      );
    }
    if (retry?.requestState !== undefined) {
      const state = retry.requestState;
      this.requestState = () => state;
    }
  }

  readonly requestState: () => unknown = noState;
  readonly notify = (notification: Notification): Promise<void> => this.#input.notify(notification);
  /** The SDK's: a message at or above the level the envelope asks for (this server declares logging), else nothing. */
  readonly log = (level: LoggingLevel, data: unknown, logger?: string): Promise<void> => {
    const threshold = this.envelope[LOG_LEVEL_META_KEY] as LoggingLevel | undefined;
    if (threshold === undefined || severity(level) < severity(threshold)) return Promise.resolve();
    return this.#input.notify({ method: 'notifications/message', params: { level, data, logger } });
  };
  readonly send = (request: { method: string }): never => {
    throw notInThisEra(request.method);
  };
  readonly elicitInput = (): Promise<never> => Promise.reject(noPushOnThisRevision('elicitation/create'));
  readonly requestSampling = (): Promise<never> => Promise.reject(noPushOnThisRevision('sampling/createMessage'));

  /** Made on first read, aborted when the client goes away (the request's signal aborts). */
  get signal(): AbortSignal {
    if (this.#controller) return this.#controller.signal;
    const controller = (this.#controller = new AbortController());
    const abort = () => controller.abort(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'));
    const requestSignal = this.#input.request.signal as AbortSignal | undefined;
    if (requestSignal?.aborted) abort();
    else if (requestSignal) {
      requestSignal.addEventListener('abort', abort, { once: true });
      this.#unlink = () => requestSignal.removeEventListener('abort', abort);
    }
    return controller.signal;
  }

  /** The call is over: stop listening to the request's signal. */
  finish(): void {
    this.#unlink?.();
  }
}

/** The levels in the SDK's order of severity (its `LoggingLevelSchema`, the spec's list). */
const SEVERITY = new Map(
  (['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const).map((l, i) => [l, i]),
);
/** A level's rank; an unknown one compares as the SDK's lookup does (`undefined`, so never below). */
const severity = (level: string): number => SEVERITY.get(level as LoggingLevel) as number;

const noState = (): undefined => undefined;

/** Splits `_meta` as the SDK does: the envelope keys out, the rest (if any) stays the request's `_meta`. */
function liftEnvelope(meta: Record<string, unknown>): {
  envelope: Record<string, unknown>;
  rest?: Record<string, unknown>;
} {
  const envelope: Record<string, unknown> = {};
  for (const key of ENVELOPE_KEYS) if (key in meta) envelope[key] = meta[key];
  let rest: Record<string, unknown> | undefined;
  // defined, not assigned: a `__proto__` key stays an own key, as the SDK keeps it, and never becomes the prototype
  for (const key of Object.keys(meta))
    if (!ENVELOPE_KEYS.includes(key))
      Object.defineProperty((rest ??= {}), key, {
        value: meta[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return { envelope, ...(rest !== undefined && { rest }) };
}

// The SDK's own refusals on this revision (same code and words, so a handler sees the same error on both paths).

/** `ctx.mcpReq.send` of a method the 2026-07-28 wire has no request for. */
function notInThisEra(method: string): SdkError {
  return new SdkError(
    SdkErrorCode.MethodNotSupportedByProtocolVersion,
    `Method '${method}' is not supported by the negotiated protocol version (wire era 2026-07-28)`,
    { method, era: '2026-07-28' },
  );
}

/** `ctx.mcpReq.elicitInput` / `requestSampling`: server-to-client requests do not exist on this revision. */
function noPushOnThisRevision(method: string): SdkError {
  return new SdkError(
    SdkErrorCode.MethodNotSupportedByProtocolVersion,
    `Server-to-client requests are not available on protocol revision 2026-07-28: '${method}' cannot be sent while serving a request on that revision. Return inputRequired({ ... }) from the handler instead — the client fulfils the embedded requests and retries the original request (multi round-trip requests).`,
    { method, era: '2026-07-28' },
  );
}
