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
}

export type ResolvedRequestLimits = Readonly<Required<RequestLimits>>;

export const DEFAULT_REQUEST_LIMITS: ResolvedRequestLimits = Object.freeze({
  maxBodyBytes: 4 * 1024 * 1024,
  maxArgumentKeys: 1_000,
  maxArrayItems: 10_000,
  maxArgumentDepth: 32,
});

/** The limits to serve with: the defaults, overridden by positive integers only (checked at startup). */
export function resolveRequestLimits(limits: RequestLimits | undefined, server: string): ResolvedRequestLimits {
  if (limits === undefined) return DEFAULT_REQUEST_LIMITS;
  if (typeof limits !== 'object' || limits === null) throw new InvalidConfigurationError(`${server}: limits must be an object.`);
  const resolved = { ...DEFAULT_REQUEST_LIMITS };
  for (const key of Object.keys(limits) as Array<keyof RequestLimits>) {
    if (!(key in DEFAULT_REQUEST_LIMITS)) {
      throw new InvalidConfigurationError(`${server}: limits.${String(key)} is not a limit; known: ${Object.keys(DEFAULT_REQUEST_LIMITS).join(', ')}.`);
    }
    const value = limits[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new InvalidConfigurationError(`${server}: limits.${key} must be a positive integer, got ${String(value)}.`);
    }
    resolved[key] = value;
  }
  return Object.freeze(resolved);
}
