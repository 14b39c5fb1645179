import { SERVER_INFO_META_KEY, type CacheHint, type Implementation } from '@modelcontextprotocol/server';
import { isJsonObject } from '../../../types/json-object';
import type { GatedMethod } from './direct-request-gate';

/** The SDK's defaults for a cacheable result that names neither field and has no configured hint. */
const DEFAULT_TTL_MS = 0;
const DEFAULT_SCOPE = 'private';

/**
 * A complete `prompts/get` or `resources/read` result as the SDK's 2026-07-28 server sends it
 * (its encode seam, step by step, with the same copies so the keys come out in the same order): a
 * `capabilities.tasks` removed, `resultType` stamped when absent, the cache fields of a complete
 * `resources/read` filled (the result's own valid values, else the configured hint's, else the
 * defaults), the server's identity added to `_meta` unless `_meta` is not an object or names one. The SDK
 * checks no result schema for these methods, so none is checked here either.
 */
export function encodedResult(
  method: GatedMethod,
  result: Record<string, unknown>,
  serverInfo: Implementation,
  hint: CacheHint | undefined,
): Record<string, unknown> {
  return withIdentity(withCacheFields(method, stamped(result), hint), serverInfo);
}

function stamped(result: Record<string, unknown>): Record<string, unknown> {
  let next = result;
  const capabilities = result.capabilities;
  if (isJsonObject(capabilities) && 'tasks' in capabilities) {
    const rest = { ...capabilities };
    delete rest.tasks;
    next = { ...next, capabilities: rest };
  }
  // both methods may carry another result type (input_required): any value the handler gave is kept
  return next.resultType === undefined ? { ...next, resultType: 'complete' } : next;
}

function withCacheFields(
  method: GatedMethod,
  result: Record<string, unknown>,
  hint: CacheHint | undefined,
): Record<string, unknown> {
  if (method !== 'resources/read' || result.resultType !== 'complete') return result;
  const ttlMs = validTtl(result.ttlMs) ? result.ttlMs : validTtl(hint?.ttlMs) ? hint.ttlMs : DEFAULT_TTL_MS;
  const cacheScope = validScope(result.cacheScope)
    ? result.cacheScope
    : validScope(hint?.cacheScope)
      ? hint.cacheScope
      : DEFAULT_SCOPE;
  return { ...result, ttlMs, cacheScope };
}

function withIdentity(result: Record<string, unknown>, serverInfo: Implementation): Record<string, unknown> {
  const meta = result._meta;
  if (meta === undefined) return { ...result, _meta: { [SERVER_INFO_META_KEY]: serverInfo } };
  if (!isJsonObject(meta) || meta[SERVER_INFO_META_KEY] !== undefined) return result;
  return { ...result, _meta: { ...meta, [SERVER_INFO_META_KEY]: serverInfo } };
}

const validTtl = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const validScope = (value: unknown): value is 'public' | 'private' => value === 'public' || value === 'private';
