import { boundPrincipal } from '../binding/bound-principal';
import { principalFromAuthInfo } from '../binding/principal-from-auth-info';
import { InvalidRequestStateError, isInvalidRequestStateError } from '../errors/invalid-request-state.error';
import { RequestStateConfigError } from '../errors/request-state-config.error';
import type { RequestStateSecurity } from '../request-state-security';
import { checkMethod, checkPrincipal, checkTarget, ClaimsSealer } from '../sealing/claims-sealer';
import type { RequestStateClaims } from '../sealing/request-state-claims';
import { isStateCarryingMethod, optionsProblem, type StateCarryingMethod } from '@tessera/common';
import { guardCarrierHandler, type CarrierGate } from './guard-carrier-handler';
import { InvalidRequestStateProtocolError } from '../errors/invalid-request-state-protocol.error';
import { mcpNameHeaderOf } from './mcp-name-header';
import { handlerHostOf, type ProtectableServer } from './protectable-server';
import type { RequestStateContext, RequestTarget } from './request-state-context';
import { VerifiedRequestState } from './verified-request-state';
import { namedTargetSpellings } from './wire-target';
import { wrapCarrierHandlers } from './wrap-carrier-handlers';

export interface ProtectRequestStateOptions<Ctx extends RequestStateContext = RequestStateContext> {
  /**
   * The server's name, used as audience unless the policy sets its own `audience` (which wins, as in
   * forServer). One of the two is required with an explicit policy; the ephemeral policy may omit both.
   */
  audience?: string;
  /**
   * An extra principal (default: the policy's bindPrincipal). Always added to the verified auth of
   * ctx.http.authInfo, never in its place (see boundPrincipal).
   */
  bindPrincipal?: (ctx: Ctx) => string | null | undefined;
  /** Called with every refusal: the SDK's `onerror` only ever sees the fixed message, not the reason. */
  onInvalid?: (error: InvalidRequestStateError, method: string) => void;
  /**
   * What a refusal after the hook throws (in `read()`, and in the handlers `install()` wraps); default an
   * InvalidRequestStateProtocolError, which the SDK answers as the same -32602 as a refusal in the hook.
   */
  rejectWith?: (error: InvalidRequestStateError) => unknown;
}

export interface ProtectedRequestState<Ctx extends RequestStateContext = RequestStateContext> {
  readonly audience: string | undefined;
  /** For `ServerOptions.requestState.verify`: checks key, expiry, method, audience, principal and `Mcp-Name`. */
  verify(state: string, ctx: Ctx): Promise<VerifiedRequestState>;
  /** Seals plaintext for the current request, for `inputRequired({ requestState: await guard.mint(...) })`. */
  mint(plaintext: unknown, ctx: Ctx, request: RequestTarget): Promise<string>;
  /** The plaintext of this round (undefined on the first), after checking target and arguments. */
  read(ctx: Ctx, request: RequestTarget): unknown;
  /**
   * Routes the server's tools/call, prompts/get and resources/read handlers through the guard (call it
   * before registering any): the state of another target is refused before the handler runs, and a
   * read() refusal is the JSON-RPC -32602 even from an McpServer tool. Returns the server.
   */
  install<S extends ProtectableServer>(server: S): S;
}

const PROTECT_OPTIONS = {
  audience: true,
  bindPrincipal: true,
  onInvalid: true,
  rejectWith: true,
} as const satisfies Record<keyof ProtectRequestStateOptions, true>;

/** A request served through install(): the target spellings its params name, and read()'s refusal. */
interface ServedRequest {
  readonly targets: readonly string[];
  refusal?: { thrown: unknown };
}

/**
 * One-line protection for a plain SDK server:
 * `guard.install(new McpServer(info, { requestState: { verify: guard.verify } }))`, then `guard.mint` /
 * `guard.read` in handlers. A refusal in `verify` is the SDK's -32602; one in `read` (the state of other
 * arguments) or in the installed wrapper (another target) is the same -32602 (see rejectWith).
 */
export function protectRequestState<Ctx extends RequestStateContext = RequestStateContext>(
  security: RequestStateSecurity<Ctx>,
  options: ProtectRequestStateOptions<Ctx> = {},
): ProtectedRequestState<Ctx> {
  const problem = optionsProblem(options, PROTECT_OPTIONS, 'protectRequestState');
  if (problem !== undefined) throw new RequestStateConfigError(problem);
  if (security.singleUse !== undefined) {
    // The SDK's verify hook is where a nonce would be consumed; until that is wired, refuse rather than
    // hand out tokens that look single-use and are not.
    throw new RequestStateConfigError(
      'protectRequestState: single-use state (singleUse) is not supported on plain SDK servers yet; use @tessera/core, or drop singleUse',
    );
  }
  const sealer = security.forServer(options.audience);
  if (!(sealer instanceof ClaimsSealer)) throw new RequestStateConfigError('protectRequestState: unsupported sealer');
  const custom = options.bindPrincipal ?? security.bindPrincipal;
  const bindPrincipal = (ctx: Ctx) => boundPrincipal(principalFromAuthInfo(ctx.http?.authInfo), custom?.(ctx));
  // The plaintext lives here, keyed by a handle with nothing on it: only this guard's read() reaches it.
  const opened = new WeakMap<VerifiedRequestState, RequestStateClaims>();
  // Keyed by the ctx object the SDK hands the wrapped handler, which McpServer passes on to the callback.
  const served = new WeakMap<object, ServedRequest>();

  const refusalOf = (error: unknown, method: string): InvalidRequestStateError => {
    const refusal = isInvalidRequestStateError(error)
      ? error
      : new InvalidRequestStateError('codec_error', { cause: error });
    options.onInvalid?.(refusal, method);
    return refusal;
  };
  const rejection = (refusal: InvalidRequestStateError): unknown =>
    (options.rejectWith ?? (() => new InvalidRequestStateProtocolError()))(refusal);
  // a raw string here means the server was built without `requestState: { verify }`: fail closed
  const claimsOf = (handle: unknown): RequestStateClaims => {
    const claims = handle instanceof VerifiedRequestState ? opened.get(handle) : undefined;
    if (claims === undefined) throw new InvalidRequestStateError('not_verified');
    return claims;
  };

  const gate: CarrierGate = {
    admit(ctx, method, targets) {
      served.set(ctx, { targets });
      const handle = (ctx as Ctx).mcpReq.requestState();
      if (handle === undefined) return;
      try {
        if (!targets.includes(claimsOf(handle).t)) throw new InvalidRequestStateError('target_mismatch');
      } catch (error) {
        throw rejection(refusalOf(error, method));
      }
    },
    refusalOf: (ctx) => served.get(ctx)?.refusal,
  };

  return {
    audience: sealer.audience,
    async verify(state, ctx) {
      try {
        const claims = await sealer.unseal(state);
        checkMethod(claims, ctx.mcpReq.method);
        sealer.checkAudience(claims);
        checkPrincipal(claims, principalOf(bindPrincipal, ctx));
        checkNamedTarget(claims, ctx);
        const handle = new VerifiedRequestState();
        opened.set(handle, claims);
        return handle;
      } catch (error) {
        throw refusalOf(error, ctx.mcpReq.method);
      }
    },
    async mint(plaintext, ctx, request) {
      const method = ctx.mcpReq.method;
      if (!isStateCarryingMethod(method))
        throw new TypeError(
          `requestState can only be minted on tools/call, prompts/get or resources/read, not ${method}`,
        );
      const targets = served.get(ctx)?.targets;
      if (targets !== undefined && !targets.includes(request.target)) {
        // caught on the first round, where it is a bug to fix, rather than as a refusal of every retry
        throw new TypeError(
          `requestState minted for target ${JSON.stringify(request.target)}, but this ${method} request names ${targets.map((t) => JSON.stringify(t)).join(' or ')}`,
        );
      }
      return sealer.seal(plaintext, {
        method: method satisfies StateCarryingMethod,
        ...request,
        principal: bindPrincipal(ctx),
      });
    },
    read(ctx, request) {
      const handle = ctx.mcpReq.requestState();
      if (handle === undefined) return undefined;
      try {
        const claims = claimsOf(handle);
        checkTarget(claims, request);
        return claims.s;
      } catch (error) {
        const thrown = rejection(refusalOf(error, ctx.mcpReq.method));
        // the wrapper answers with it even if McpServer or the handler swallows the throw
        const entry = served.get(ctx);
        if (entry !== undefined) entry.refusal ??= { thrown };
        throw thrown;
      }
    },
    install(server) {
      wrapCarrierHandlers(handlerHostOf(server), (method, handler) => guardCarrierHandler(method, handler, gate));
      return server;
    },
  };
}

/** Defence in depth where the transport names the target outside the body (see mcpNameHeaderOf). */
function checkNamedTarget(claims: RequestStateClaims, ctx: RequestStateContext): void {
  const named = mcpNameHeaderOf(ctx);
  if (named !== undefined && !namedTargetSpellings(ctx.mcpReq.method, named).includes(claims.t)) {
    throw new InvalidRequestStateError('target_mismatch');
  }
}

function principalOf<Ctx>(bindPrincipal: (ctx: Ctx) => string | null | undefined, ctx: Ctx): string | null | undefined {
  try {
    return bindPrincipal(ctx);
  } catch (error) {
    throw new InvalidRequestStateError('principal_error', {
      cause: error,
      detail: error instanceof Error ? `${error.name}: ${error.message}` : undefined,
    });
  }
}
