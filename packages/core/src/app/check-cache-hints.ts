import type { CacheHint } from '@modelcontextprotocol/server';
import { checkOptions } from '../errors/definition/check-options';
import type { AppModule } from './app-module';

const CACHEABLE_METHODS = {
  'tools/list': true,
  'prompts/list': true,
  'resources/list': true,
  'resources/templates/list': true,
  'resources/read': true,
  'server/discover': true,
} as const satisfies Record<keyof NonNullable<AppModule['cacheHints']>, true>;

const CACHE_HINT = { ttlMs: true, cacheScope: true } as const satisfies Record<keyof CacheHint, true>;

/** The module's `cacheHints`: a method that is not cacheable (`tools/lists`) or a misspelt hint is refused by name. */
export function checkCacheHints(module: AppModule): void {
  const hints = module.cacheHints;
  if (hints === undefined) return;
  const where = `Module "${module.name}": cacheHints`;
  checkOptions(hints, CACHEABLE_METHODS, where);
  for (const [method, hint] of Object.entries(hints))
    if (hint !== undefined) checkOptions(hint, CACHE_HINT, `${where}["${method}"]`);
}
