import { argumentsDigest } from '../binding/arguments-digest';
import { makePrincipalClaim, principalClaimMatches } from '../binding/principal-claim';
import type { RequestBinding } from '../binding/request-binding';
import { InvalidRequestStateError, isInvalidRequestStateError } from '../errors/invalid-request-state.error';
import { RequestStateTooLargeError } from '../errors/request-state-too-large.error';
import { MAX_CLOCK_SKEW_SECONDS } from '../single-use/clock-skew';
import type { SingleUseSettings } from '../single-use/consume-once';
import type { LegRun } from '../single-use/claim-leg';
import { singleUseClaims } from '../single-use/single-use-claims';
import { LegAnswers, type RecordedAnswer } from '../single-use/leg-answers';
import { encodeBase64url } from '../crypto/base64url';
import { randomBytes } from '../crypto/random-bytes';
import { NodeCryptoAesGcmCodec } from '../crypto/node-crypto-aes-gcm.codec';
import { CLAIMS_VERSION, parseClaims, type RequestStateClaims } from './request-state-claims';
import type { RequestStateCodec } from './request-state-codec';
import type { OpenedLeg, RequestStateSealer } from './request-state-sealer';

export interface ClaimsSealerConfig {
  codec: RequestStateCodec;
  audience: string | undefined;
  ttlSeconds: number;
  clock: () => number;
  maxTokenLength: number;
  /** Set: every token carries a nonce, consumed once by `openOnce`. */
  singleUse?: SingleUseSettings;
}

const utf8 = new TextEncoder();

/**
 * Stamps and checks the claims around any codec. The checks are split into steps (in the reference
 * order) so the SDK hook can run the ones its context allows and leave target/arguments to the handler.
 */
export class ClaimsSealer implements RequestStateSealer {
  readonly audience: string | undefined;
  readonly idempotentLegs: boolean;
  private readonly answers: LegAnswers;
  /** The codec's seal of the claims' JSON: node:crypto's codec takes the text, any other codec its UTF-8. */
  private readonly sealClaims: (json: string) => string | Promise<string>;

  constructor(private readonly config: ClaimsSealerConfig) {
    this.audience = config.audience;
    this.idempotentLegs = config.singleUse?.legs !== undefined;
    this.answers = new LegAnswers(config.codec);
    const codec = config.codec;
    this.sealClaims =
      codec instanceof NodeCryptoAesGcmCodec ? (json) => codec.sealText(json) : (json) => codec.seal(utf8.encode(json));
  }

  async seal(state: unknown, binding: RequestBinding): Promise<string> {
    return await this.sealDirect(state, binding);
  }

  /** `seal` without a promise when the codec answers directly (node:crypto's); a refusal is thrown. */
  sealDirect(state: unknown, binding: RequestBinding): string | Promise<string> {
    if (state === undefined || typeof state === 'function' || typeof state === 'symbol') {
      throw new TypeError(`requestState must be JSON-serialisable, got ${typeof state}`);
    }
    const iat = this.config.clock() / 1000;
    // Written member by member in the order the token's JSON keeps (v, iat, exp, m, t, a, aud, p, s, n):
    // optional members set where they belong, without a spread of a throwaway object for each.
    const claims: RequestStateClaims = {
      v: CLAIMS_VERSION,
      iat,
      exp: iat + this.config.ttlSeconds,
      m: binding.method,
      t: binding.target,
      a: argumentsDigest(binding.arguments),
    } as RequestStateClaims;
    if (this.audience !== undefined) claims.aud = this.audience;
    if (binding.principal != null) claims.p = makePrincipalClaim(binding.principal);
    claims.s = state;
    // 128 random bits straight from the CSPRNG: two tokens sharing one would refuse each other as replays
    if (this.config.singleUse !== undefined) claims.n = encodeBase64url(randomBytes(16));
    const sealed = this.sealClaims(JSON.stringify(claims));
    // node:crypto's codec answers directly; any other answer is awaited as a promise
    return typeof sealed === 'string' ? this.withinLength(sealed) : Promise.resolve(sealed).then(this.withinLength);
  }

  private readonly withinLength = (token: string): string => {
    if (token.length > this.config.maxTokenLength)
      throw new RequestStateTooLargeError(token.length, this.config.maxTokenLength);
    return token;
  };

  async open(token: unknown, binding: RequestBinding): Promise<unknown> {
    return (await this.verify(token, binding)).s;
  }

  async openOnce(token: unknown, binding: RequestBinding): Promise<unknown> {
    return (await this.openLeg(token, binding, undefined)).state;
  }

  async openLeg(token: unknown, binding: RequestBinding, idempotencyKey: string | undefined): Promise<OpenedLeg> {
    return await this.openLegDirect(token, binding, idempotencyKey);
  }

  /**
   * `openLeg` without a promise when the codec answers directly and no single-use store is asked; a
   * refusal is thrown.
   */
  openLegDirect(
    token: unknown,
    binding: RequestBinding,
    idempotencyKey: string | undefined,
  ): OpenedLeg | Promise<OpenedLeg> {
    const bytes = this.unsealBytes(token);
    return bytes instanceof Uint8Array
      ? this.consumed(this.checkBinding(this.checkClaims(bytes), binding), idempotencyKey)
      : bytes.then((opened) => this.consumed(this.checkBinding(this.checkClaims(opened), binding), idempotencyKey));
  }

  /** The leg of a verified token: its state at once without single use, else once the store consumed it. */
  private consumed(claims: RequestStateClaims, idempotencyKey: string | undefined): OpenedLeg | Promise<OpenedLeg> {
    // Only a token that passed every check is consumed: a refused one burns nothing.
    if (this.config.singleUse === undefined) return { state: claims.s };
    return this.consumeLeg(claims, idempotencyKey, this.config.singleUse);
  }

  private async consumeLeg(
    claims: RequestStateClaims,
    idempotencyKey: string | undefined,
    singleUse: SingleUseSettings,
  ): Promise<OpenedLeg> {
    const legs = singleUse.legs;
    if (idempotencyKey === undefined || legs === undefined) {
      await singleUseClaims().consumeOnce(claims, singleUse);
      return { state: claims.s };
    }
    const claimed = await singleUseClaims().claimLeg(claims, idempotencyKey, { ...singleUse, legs }, this.answers);
    return 'run' in claimed ? { state: claims.s, run: claimed.run } : { recorded: claimed.recorded };
  }

  async claimFirstLeg(
    binding: RequestBinding,
    idempotencyKey: string,
  ): Promise<{ run: LegRun } | { recorded: RecordedAnswer } | undefined> {
    const singleUse = this.config.singleUse;
    const legs = singleUse?.legs;
    if (singleUse === undefined || legs === undefined) return undefined;
    const settings = { ...singleUse, legs };
    const { claimFirstLeg } = singleUseClaims();
    return await claimFirstLeg(binding, this.audience, idempotencyKey, settings, this.answers, this.config.clock());
  }

  async giveBack(token: unknown): Promise<void> {
    const store = this.config.singleUse?.store;
    if (store?.release === undefined) return;
    let nonce: string | undefined;
    try {
      nonce = (await this.unseal(token)).n;
    } catch {
      return; // a token that does not open was never consumed
    }
    if (nonce !== undefined) await store.release(nonce);
  }

  /**
   * Every check of a token against the request that carries it: answered directly when the codec answers
   * directly (node:crypto's), so a leg's state is opened without a promise per step.
   */
  private verify(token: unknown, binding: RequestBinding): RequestStateClaims | Promise<RequestStateClaims> {
    const bytes = this.unsealBytes(token);
    return bytes instanceof Uint8Array
      ? this.checkBinding(this.checkClaims(bytes), binding)
      : bytes.then((opened) => this.checkBinding(this.checkClaims(opened), binding));
  }

  private checkBinding(claims: RequestStateClaims, binding: RequestBinding): RequestStateClaims {
    checkMethod(claims, binding.method);
    checkTarget(claims, binding);
    this.checkAudience(claims);
    checkPrincipal(claims, binding.principal);
    return claims;
  }

  /** Bounds, codec, payload shape, version and time window (finite, at most ttl long): everything that needs no request. */
  async unseal(token: unknown): Promise<RequestStateClaims> {
    return this.checkClaims(await this.unsealBytes(token));
  }

  private unsealBytes(token: unknown): Uint8Array | Promise<Uint8Array> {
    if (typeof token !== 'string') throw new InvalidRequestStateError('not_string');
    if (token.length > this.config.maxTokenLength) throw new InvalidRequestStateError('too_long');
    return unsealWith(this.config.codec, token);
  }

  private checkClaims(bytes: Uint8Array): RequestStateClaims {
    const claims = parseClaims(bytes);
    // JSON reads 1e999 as Infinity: a codec that authenticates poorly must not hand out eternal tokens
    if (!Number.isFinite(claims.iat) || !Number.isFinite(claims.exp)) throw new InvalidRequestStateError('bad_time');
    // seal() stamps exp = iat + ttl with the same arithmetic, so an honest token is never over by a rounding
    if (claims.exp > claims.iat + this.config.ttlSeconds) throw new InvalidRequestStateError('exp_beyond_ttl');
    const now = this.config.clock() / 1000;
    if (claims.iat > now + MAX_CLOCK_SKEW_SECONDS) throw new InvalidRequestStateError('issued_in_future');
    if (!(now < claims.exp)) throw new InvalidRequestStateError('expired'); // written so NaN fails too
    // The single-use mark travels in the token: an instance that shares the keys but not the store must not
    // accept, again and again, what the others accept once.
    if (claims.n !== undefined && this.config.singleUse === undefined)
      throw new InvalidRequestStateError('single_use_without_store');
    return claims;
  }

  checkAudience(claims: RequestStateClaims): void {
    if ((claims.aud === undefined) !== (this.audience === undefined))
      throw new InvalidRequestStateError('audience_drift');
    if (claims.aud !== this.audience) throw new InvalidRequestStateError('audience_mismatch');
  }
}

export function checkMethod(claims: RequestStateClaims, method: string): void {
  if (claims.m !== method) throw new InvalidRequestStateError('method_mismatch');
}

export function checkTarget(claims: RequestStateClaims, request: Pick<RequestBinding, 'target' | 'arguments'>): void {
  if (claims.t !== request.target) throw new InvalidRequestStateError('target_mismatch');
  if (claims.a !== digestOrNothing(request.arguments)) throw new InvalidRequestStateError('arguments_mismatch');
}

export function checkPrincipal(claims: RequestStateClaims, principal: string | null | undefined): void {
  const expected = principal ?? undefined;
  if ((claims.p === undefined) !== (expected === undefined)) throw new InvalidRequestStateError('principal_drift');
  if (claims.p !== undefined && expected !== undefined && !principalClaimMatches(claims.p, expected)) {
    throw new InvalidRequestStateError('principal_mismatch');
  }
}

// Arguments JSON cannot carry (a BigInt, a cycle) match no token, rather than escaping as another error type.
function digestOrNothing(args: RequestBinding['arguments']): string | undefined {
  try {
    return argumentsDigest(args);
  } catch {
    return undefined;
  }
}

/** The codec's bytes for a token, directly when the codec answers directly; any failure is a refusal. */
function unsealWith(codec: RequestStateCodec, token: string): Uint8Array | Promise<Uint8Array> {
  let bytes: unknown;
  try {
    bytes = codec.unseal(token);
  } catch (error) {
    throw codecRefusal(error, token);
  }
  if (typeof (bytes as PromiseLike<unknown> | undefined)?.then !== 'function') return unsealedBytes(bytes);
  return Promise.resolve(bytes).then(unsealedBytes, (error: unknown) => {
    throw codecRefusal(error, token);
  });
}

// a codec's own reason is kept as `cause` for the log; the message stays the fixed one
function codecRefusal(error: unknown, token: string): InvalidRequestStateError {
  return isInvalidRequestStateError(error)
    ? error
    : new InvalidRequestStateError('codec_error', { cause: error, detail: codecErrorDetail(error, token) });
}

function unsealedBytes(bytes: unknown): Uint8Array {
  if (!(bytes instanceof Uint8Array))
    throw new InvalidRequestStateError('codec_error', {
      detail: `unseal returned ${bytes === null ? 'null' : typeof bytes}, not bytes`,
    });
  return bytes;
}

/**
 * A codec's own error as one short log line: its name and message, with every occurrence of the token
 * (and of its longer pieces) cut out, since a codec may quote what it could not open.
 */
function codecErrorDetail(error: unknown, token: string): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : `thrown ${typeof error}`;
  let scrubbed = text;
  for (const piece of [token, ...token.split(/[^A-Za-z0-9_-]+/)]) {
    if (piece.length >= 8) scrubbed = scrubbed.split(piece).join('[token]');
  }
  return scrubbed.length > 300 ? `${scrubbed.slice(0, 300)}...` : scrubbed;
}
