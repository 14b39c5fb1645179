import { loadFeature } from '../loading/load-feature';
import type { OptionalFeatureModules } from '../loading/optional-features';

/** The server helpers and constants of `@modelcontextprotocol/ext-apps` (the MCP Apps SDK). */
export type ExtAppsServer = OptionalFeatureModules['extApps'];

/**
 * ext-apps is published as ES modules only and this package is CommonJS, so it is an optional feature, loaded on
 * first use (Node 20.19 and later load ES modules with `require`); an app without an app tool or resource never
 * loads it.
 */
export function loadExtApps(): ExtAppsServer {
  return loadFeature('extApps');
}
