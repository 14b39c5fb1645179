import { checkOptions } from '../errors/definition/check-options';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';

/**
 * Bounds on what one request may carry, checked before anything else reads it, so that no accepted
 * request can hold the event loop for long or buffer without end.
 */
export interface RequestLimits {
  /** Largest request body, in bytes, read as a stream and refused with 413 past it. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Most object keys in one call's `arguments`, counted over the whole tree. Default 1 000. */
  maxArgumentKeys?: number;
  /** Most array items in one call's `arguments`, counted over the whole tree. Default 10 000. */
  maxArrayItems?: number;
  /** Deepest nesting of objects and arrays in one call's `arguments` (the object itself is 1). Default 32. */
  maxArgumentDepth?: number;
  /**
   * Most object keys and array items in all in one request outside a call's `arguments` (`params._meta`,
   * `inputResponses`, the envelope itself; for a method without arguments, everything). Default 10 000, at least 100.
   */
  maxMembersOutsideArguments?: number;
  /** Deepest nesting of objects and arrays outside a call's `arguments` (the request object is 1). Default 32, at least 8. */
  maxDepthOutsideArguments?: number;
  /**
   * Most bytes of request bodies held at once, over every request being read or served (per endpoint): past
   * it a body is answered 503 with `Retry-After: 1` instead of being read. Default 64 MiB, at least `maxBodyBytes`.
   */
  maxBodyBytesInFlight?: number;
}

export type ResolvedRequestLimits = Readonly<Required<RequestLimits>>;

export const DEFAULT_REQUEST_LIMITS: ResolvedRequestLimits = Object.freeze({
  maxBodyBytes: 4 * 1024 * 1024,
  maxArgumentKeys: 1_000,
  maxArrayItems: 10_000,
  maxArgumentDepth: 32,
  // far above any real answer (an elicitation form, a sampling result: tens of members), and parsed
  // in a few milliseconds at worst: 10 000 tiny keys are about 5 ms of JSON.parse on a loaded CI machine
  maxMembersOutsideArguments: 10_000,
  maxDepthOutsideArguments: 32,
  // sixteen bodies of the largest size at once: a burst of real calls never comes near it, held bodies stop there
  maxBodyBytesInFlight: 64 * 1024 * 1024,
});

const LIMIT_KEYS = Object.fromEntries(Object.keys(DEFAULT_REQUEST_LIMITS).map((key) => [key, true] as const));

/**
 * Lowest values that still serve real requests: the envelope, `_meta` and an answer in `inputResponses`
 * (a sampling result's content blocks, say) take a few levels and tens of members of their own.
 */
const FLOORS: Partial<Record<keyof RequestLimits, readonly [number, string]>> = {
  maxMembersOutsideArguments: [100, 'the envelope and `_meta` of an ordinary request hold tens of members'],
  maxDepthOutsideArguments: [8, 'an answer in inputResponses sits 4 levels deep and has levels of its own'],
};

/** The limits to serve with: the defaults, overridden by positive integers only (checked at startup). */
export function resolveRequestLimits(limits: RequestLimits | undefined, server: string): ResolvedRequestLimits {
  if (limits === undefined) return DEFAULT_REQUEST_LIMITS;
  checkOptions(limits, LIMIT_KEYS, `${server}: limits`);
  const resolved = { ...DEFAULT_REQUEST_LIMITS };
  for (const key of Object.keys(limits) as Array<keyof RequestLimits>) {
    const value = limits[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new InvalidConfigurationError(`${server}: limits.${key} must be a positive integer, got ${String(value)}.`);
    }
    const floor = FLOORS[key];
    if (floor !== undefined && value < floor[0]) {
      throw new InvalidConfigurationError(
        `${server}: limits.${key} must be at least ${floor[0]} (${floor[1]}), got ${value}.`,
      );
    }
    resolved[key] = value;
  }
  if (resolved.maxBodyBytesInFlight < resolved.maxBodyBytes) {
    throw new InvalidConfigurationError(
      `${server}: limits.maxBodyBytesInFlight must be at least limits.maxBodyBytes (${resolved.maxBodyBytes}), got ${resolved.maxBodyBytesInFlight}: no body of the largest size could ever be read.`,
    );
  }
  return Object.freeze(resolved);
}
