import { boundPrincipal } from '../binding/bound-principal';
import { principalFromAuthInfo } from '../binding/principal-from-auth-info';
import type { RequestBinding } from '../binding/request-binding';
import { InvalidRequestStateError, isInvalidRequestStateError } from '../errors/invalid-request-state.error';
import { RequestStateConfigError } from '../errors/request-state-config.error';
import type { RequestStateSecurity } from '../request-state-security';
import { checkMethod, checkPrincipal, checkTarget, ClaimsSealer } from '../sealing/claims-sealer';
import type { RequestStateClaims } from '../sealing/request-state-claims';
import type { RequestStateContext, RequestTarget } from './request-state-context';
import { InvalidRequestStateProtocolError } from './invalid-request-state-protocol.error';
import { VerifiedRequestState } from './verified-request-state';

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
   * What `read()` throws on a refusal; default an InvalidRequestStateProtocolError, which the SDK answers
   * as the same -32602 as a refusal in the hook. (McpServer's own tool wrapper turns any error a tool
   * throws into an `isError` result; the text is then the same fixed message.)
   */
  rejectWith?: (error: InvalidRequestStateError) => unknown;
}

export interface ProtectedRequestState<Ctx extends RequestStateContext = RequestStateContext> {
  readonly audience: string | undefined;
  /** For `ServerOptions.requestState.verify`: checks key, expiry, method, audience and principal. */
  verify(state: string, ctx: Ctx): VerifiedRequestState;
  /** Seals plaintext for the current request, for `inputRequired({ requestState })`. */
  mint(plaintext: unknown, ctx: Ctx, request: RequestTarget): string;
  /** The plaintext of this round (undefined on the first), after checking target and arguments. */
  read(ctx: Ctx, request: RequestTarget): unknown;
}

type CarrierMethod = RequestBinding['method'];
const CARRIERS: ReadonlySet<string> = new Set<CarrierMethod>(['tools/call', 'prompts/get', 'resources/read']);

/**
 * One-line protection for a plain SDK server:
 * `new McpServer(info, { requestState: { verify: guard.verify } })`, then `guard.mint` / `guard.read` in
 * handlers. A refusal in `verify` is the SDK's -32602; one in `read` (the state of another tool or other
 * arguments) throws the same -32602 (see rejectWith).
 */
export function protectRequestState<Ctx extends RequestStateContext = RequestStateContext>(
  security: RequestStateSecurity<Ctx>,
  options: ProtectRequestStateOptions<Ctx> = {},
): ProtectedRequestState<Ctx> {
  if (security.singleUse !== undefined) {
    // The SDK's verify hook is where a nonce would be consumed; until that is wired, refuse rather than
    // hand out tokens that look single-use and are not.
    throw new RequestStateConfigError('protectRequestState: single-use state (singleUse) is not supported on plain SDK servers yet; use @tessera/core, or drop singleUse');
  }
  const sealer = security.forServer(options.audience);
  if (!(sealer instanceof ClaimsSealer)) throw new RequestStateConfigError('protectRequestState: unsupported sealer');
  const custom = options.bindPrincipal ?? security.bindPrincipal;
  const bindPrincipal = (ctx: Ctx) => boundPrincipal(principalFromAuthInfo(ctx.http?.authInfo), custom?.(ctx));
  const opened = new WeakMap<VerifiedRequestState, RequestStateClaims>();

  const refuse = (error: unknown, method: string, rejectWith?: (error: InvalidRequestStateError) => unknown): never => {
    const refusal = isInvalidRequestStateError(error) ? error : new InvalidRequestStateError('codec_error', { cause: error });
    options.onInvalid?.(refusal, method);
    throw rejectWith === undefined ? refusal : rejectWith(refusal);
  };

  return {
    audience: sealer.audience,
    verify(state, ctx) {
      try {
        const claims = sealer.unseal(state);
        checkMethod(claims, ctx.mcpReq.method);
        sealer.checkAudience(claims);
        checkPrincipal(claims, principalOf(bindPrincipal, ctx));
        const handle = new VerifiedRequestState();
        opened.set(handle, claims);
        return handle;
      } catch (error) {
        return refuse(error, ctx.mcpReq.method);
      }
    },
    mint(plaintext, ctx, request) {
      const method = ctx.mcpReq.method;
      if (!CARRIERS.has(method)) throw new TypeError(`requestState can only be minted on tools/call, prompts/get or resources/read, not ${method}`);
      return sealer.seal(plaintext, { method: method as CarrierMethod, ...request, principal: bindPrincipal(ctx) });
    },
    read(ctx, request) {
      const handle = ctx.mcpReq.requestState();
      if (handle === undefined) return undefined;
      try {
        // a raw string here means the server was built without `requestState: { verify }`: fail closed
        const claims = handle instanceof VerifiedRequestState ? opened.get(handle) : undefined;
        if (claims === undefined) throw new InvalidRequestStateError('not_verified');
        checkTarget(claims, request);
        return claims.s;
      } catch (error) {
        return refuse(error, ctx.mcpReq.method, options.rejectWith ?? (() => new InvalidRequestStateProtocolError()));
      }
    },
  };
}

function principalOf<Ctx>(bindPrincipal: (ctx: Ctx) => string | null | undefined, ctx: Ctx): string | null | undefined {
  try {
    return bindPrincipal(ctx);
  } catch (error) {
    throw new InvalidRequestStateError('principal_error', { cause: error, detail: error instanceof Error ? `${error.name}: ${error.message}` : undefined });
  }
}
