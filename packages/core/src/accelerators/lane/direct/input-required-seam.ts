import {
  CLIENT_CAPABILITIES_META_KEY,
  isInputRequiredResult,
  type Implementation,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';

const REVISION = '2026-07-28';

/** The SDK server's members the seam runs through (protected or private in its typings: SDK 2.4; checked at start-up). */
export interface SeamInternals {
  _negotiatedProtocolVersion: string | undefined;
  /** The server's `requestState.verify` hook, when its options gave one. */
  _requestStateVerify?: unknown;
  _invokeInputRequiredCapableHandler(
    method: string,
    handler: (request: unknown, ctx: ServerContext) => Promise<unknown>,
    request: unknown,
    ctx: ServerContext,
  ): Promise<unknown>;
  _wireCodec(): { encodeResult(method: string, result: unknown, serverInfo: unknown): unknown };
  _outboundServerInfo(): Implementation | undefined;
}

/**
 * The SDK's own multi-round-trip seam, run for a direct call without a per-request server: one server of
 * the app's own factory, made once and bound to 2026-07-28 as the SDK's handler binds each of its own,
 * lends its `_invokeInputRequiredCapableHandler` (the incoming state's type check and verify hook, the
 * handler, then on an input-required answer the at-least-one rule and the request's declared client
 * capabilities, with the SDK's errors) and its codec's `encodeResult` (`resultType` and the server's
 * identity stamped as the SDK sends them). Both read only the server's options and the call's context, so
 * one server serves every call; it never connects to a transport.
 */
export class InputRequiredSeam {
  private readonly server: SeamInternals;
  /** The server was built without a `requestState.verify` hook (known only while the SDK keeps that field). */
  private readonly unverified: boolean;

  constructor(server: Server) {
    this.server = server as unknown as SeamInternals;
    this.server._negotiatedProtocolVersion = REVISION;
    this.unverified =
      Object.hasOwn(this.server, '_requestStateVerify') && this.server._requestStateVerify === undefined;
  }

  /**
   * Runs `handler` inside the SDK's seam for `method` (`tools/call`, `prompts/get` or `resources/read`). For a
   * call that carries no state, or a string state on a server without a verify hook (a leg: the state is
   * opened by the call's own request-state stage), the seam's steps before the handler have nothing to do
   * (the handler gets the context unchanged) and, after it, only an input-required result or an error has
   * anything to check: the handler runs first, and only such an outcome is then passed through the seam (as
   * the outcome of a handler that gives it at once, the state's type checked again there).
   */
  invoke(method: string, ctx: ServerContext, handler: (ctx: ServerContext) => Promise<unknown>): Promise<unknown> {
    const state = ctx.mcpReq.requestState();
    if (state !== undefined && !(typeof state === 'string' && this.unverified)) return this.run(method, ctx, handler);
    let running: Promise<unknown>;
    try {
      running = handler(ctx);
    } catch (error) {
      running = Promise.reject(error);
    }
    return running.then(
      (result) =>
        isInputRequiredResult(result) && !this.surelyPasses(result, ctx)
          ? this.run(method, ctx, () => Promise.resolve(result))
          : result,
      (error: unknown) => this.run(method, ctx, () => Promise.reject(error)),
    );
  }

  /**
   * Whether the SDK's checks of an input-required result surely pass, so that the seam would give it back
   * as it is: on 2026-07-28, at least one question, each a form elicitation (its mode not `url`) toward a
   * request whose declared capabilities hold `elicitation` as an object with `form`, or with neither `form`
   * nor `url` (the SDK reads that as form). The usual first leg; anything else goes through the SDK's seam,
   * which writes its errors. Held to the seam by a seeded differential test (input-required-seam.test.ts).
   */
  private surelyPasses(result: { inputRequests?: unknown }, ctx: ServerContext): boolean {
    if (this.server._negotiatedProtocolVersion !== REVISION) return false;
    const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY];
    if (!isObject(declared)) return false;
    const elicitation = declared.elicitation;
    if (!isObject(elicitation) || (elicitation.form === undefined && elicitation.url !== undefined)) return false;
    const requests = result.inputRequests;
    if (!isObject(requests)) return false;
    let asks = false;
    for (const key of Object.keys(requests)) {
      const request = requests[key];
      if (!isObject(request) || request.method !== 'elicitation/create') return false;
      if ((request.params as { mode?: unknown } | null | undefined)?.mode === 'url') return false;
      asks = true;
    }
    return asks;
  }

  private run(method: string, ctx: ServerContext, handler: (ctx: ServerContext) => Promise<unknown>): Promise<unknown> {
    return this.server._invokeInputRequiredCapableHandler(method, (_request, c) => handler(c), undefined, ctx);
  }

  /** A result of `method` as the SDK's 2026-07-28 codec puts it on the wire. */
  encode(method: string, result: unknown): unknown {
    return this.server._wireCodec().encodeResult(method, result, this.server._outboundServerInfo());
  }
}

/** An object that is not an array, as the SDK's capability check reads one. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
