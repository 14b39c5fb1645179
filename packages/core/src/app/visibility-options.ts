import { checkOneOf, checkOptions } from '../errors/definition/check-options';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import type { CallerVisibility, ScopeVisibility } from '../server/caller-visibility';
import type { CacheHint } from '@modelcontextprotocol/server';

/** What each caller sees of the app (the module's `visibility`). */
export interface VisibilityOptions {
  /**
   * A handler whose scopes the caller's verified token lacks: `'hide'` (default) leaves it out of that
   * caller's lists and answers a call to it as to an unknown one; `'challenge'` lists it to everyone and
   * answers a call with 403 `insufficient_scope` naming the scopes to ask for (step-up).
   */
  scopes?: ScopeVisibility;
}

const VISIBILITY_OPTIONS = { scopes: true } as const satisfies Record<keyof VisibilityOptions, true>;
const SCOPE_VISIBILITY: readonly ScopeVisibility[] = ['hide', 'challenge'];
const LIST_METHODS = ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'] as const;

/** The module's `visibility.scopes`, checked ('hide' when not given). */
export function scopeVisibilityOf(options: VisibilityOptions | undefined, moduleName: string): ScopeVisibility {
  if (options === undefined) return 'hide';
  const where = `Module "${moduleName}": visibility`;
  checkOptions(options, VISIBILITY_OPTIONS, where);
  if (options.scopes === undefined) return 'hide';
  checkOneOf(options.scopes, SCOPE_VISIBILITY, `${where}.scopes`);
  return options.scopes;
}

/**
 * Refuses a `public` cache hint on a list whose answer varies by caller: a shared cache would hand one
 * caller's list to another.
 */
export function checkListCacheScopes(
  cacheHints: Partial<Record<string, CacheHint>> | undefined,
  moduleName: string,
  visibility: CallerVisibility,
): void {
  if (!visibility.mayHide) return;
  for (const method of LIST_METHODS) {
    if (cacheHints?.[method]?.cacheScope !== 'public') continue;
    throw new InvalidConfigurationError(
      `Module "${moduleName}": cacheHints["${method}"] is public, but some handlers are hidden from some ` +
        'callers (scopes or visible()), so each caller gets its own list: use cacheScope "private".',
    );
  }
}
