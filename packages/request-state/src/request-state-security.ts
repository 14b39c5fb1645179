import type { SingleUseSettings } from './single-use/consume-once';
import { singleUseFrom } from './single-use/single-use-settings';
import { aesGcmCodec } from './crypto/aes-gcm-codec';
import { toKeyMaterial } from './crypto/key-material';
import { randomBytes } from './crypto/random-bytes';
import { RequestStateConfigError } from './errors/request-state-config.error';
import type { RequestStateSecurityOptions } from './request-state-security-options';
import { checkSecurityOptionKeys } from './request-state-security-option-keys';
import { ClaimsSealer } from './sealing/claims-sealer';
import type { RequestStateCodec } from './sealing/request-state-codec';
import type { RequestStateSealer } from './sealing/request-state-sealer';

export const DEFAULT_TTL_SECONDS = 600;
export const DEFAULT_MAX_TOKEN_LENGTH = 16 * 1024;

/**
 * A requestState policy: the keys (or codec), TTL and audience one or more servers seal with.
 * Everything is checked here, at construction, so a misconfigured server fails at startup.
 */
export class RequestStateSecurity<Ctx = unknown> {
  readonly isEphemeral: boolean;
  readonly ttl: number;
  readonly audience: string | undefined;
  readonly bindPrincipal: ((ctx: Ctx) => string | null | undefined) | undefined;
  private readonly codec: RequestStateCodec;
  private readonly clock: () => number;
  private readonly maxTokenLength: number;
  /** Set when the policy is single-use (`singleUse`): tokens carry a nonce, consumed once. */
  readonly singleUse: SingleUseSettings | undefined;

  constructor(options: RequestStateSecurityOptions<Ctx>) {
    checkSecurityOptionKeys(options);
    this.isEphemeral = ephemeralOptions.has(options);
    this.codec = codecFrom(options);
    this.ttl = validTtl(options.ttl);
    this.maxTokenLength = validMaxTokenLength(options.maxTokenLength);
    this.audience = validAudience(options.audience);
    this.bindPrincipal = options.bindPrincipal;
    this.clock = options.clock ?? Date.now;
    this.singleUse = singleUseFrom(options);
  }

  /** A random process-local key: fine for one process, refused by every other instance and after a restart. */
  static ephemeral<Ctx = unknown>(
    options: Omit<RequestStateSecurityOptions<Ctx>, 'keys' | 'codec'> = {},
  ): RequestStateSecurity<Ctx> {
    const ephemeralOpts = { ...options, keys: [randomBytes(32)] };
    ephemeralOptions.add(ephemeralOpts);
    return new RequestStateSecurity(ephemeralOpts);
  }

  /**
   * The sealer of one server: audience = options.audience ?? serverName. An explicit policy needs one of
   * the two, or two servers sharing a key would accept each other's tokens.
   */
  forServer(serverName: string | undefined): RequestStateSealer {
    const audience = this.audience ?? (serverName === '' ? undefined : serverName);
    if (audience === undefined && !this.isEphemeral) {
      throw new RequestStateConfigError(
        'RequestStateSecurity: an explicit policy needs an audience: pass { audience } or give the server a name, ' +
          "so that servers sharing a key cannot accept each other's tokens",
      );
    }
    return new ClaimsSealer({
      codec: this.codec,
      audience,
      ttlSeconds: this.ttl,
      clock: this.clock,
      maxTokenLength: this.maxTokenLength,
      singleUse: this.singleUse,
    });
  }
}

// Marks the options object built by ephemeral(), so only that path counts as ephemeral.
const ephemeralOptions = new WeakSet<object>();

function codecFrom(options: RequestStateSecurityOptions<never>): RequestStateCodec {
  const hasKeys = options.keys !== undefined;
  const hasCodec = options.codec !== undefined;
  if (hasKeys && hasCodec) {
    throw new RequestStateConfigError('RequestStateSecurity: pass exactly one of keys or codec, not both');
  }
  if (hasCodec) {
    const codec = options.codec as Partial<RequestStateCodec>;
    if (typeof codec.seal !== 'function' || typeof codec.unseal !== 'function') {
      throw new RequestStateConfigError('RequestStateSecurity: codec must have seal(bytes) and unseal(token) methods');
    }
    return options.codec!;
  }
  if (!hasKeys) {
    throw new RequestStateConfigError(
      'RequestStateSecurity: pass exactly one of keys or codec, got neither; for a process-local key use RequestStateSecurity.ephemeral()',
    );
  }
  return aesGcmCodec(toKeyMaterial(options.keys));
}

function validTtl(ttl: unknown): number {
  if (ttl === undefined) return DEFAULT_TTL_SECONDS;
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0) {
    throw new RequestStateConfigError(
      `RequestStateSecurity: ttl must be a positive, finite number of seconds, got ${String(ttl)}`,
    );
  }
  return ttl;
}

function validMaxTokenLength(max: unknown): number {
  if (max === undefined) return DEFAULT_MAX_TOKEN_LENGTH;
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max <= 0) {
    throw new RequestStateConfigError(
      `RequestStateSecurity: maxTokenLength must be a positive integer, got ${String(max)}`,
    );
  }
  return max;
}

function validAudience(audience: unknown): string | undefined {
  if (audience === undefined) return undefined;
  if (typeof audience !== 'string' || audience === '') {
    throw new RequestStateConfigError(
      `RequestStateSecurity: audience must be a non-empty string, got ${JSON.stringify(audience) ?? String(audience)}`,
    );
  }
  return audience;
}
