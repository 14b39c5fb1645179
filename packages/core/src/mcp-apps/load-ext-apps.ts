/** The server helpers and constants of `@modelcontextprotocol/ext-apps` (the MCP Apps SDK). */
export type ExtAppsServer = typeof import('@modelcontextprotocol/ext-apps/server', {
  with: { 'resolution-mode': 'import' },
});

let loaded: ExtAppsServer | undefined;

/**
 * ext-apps is published as ES modules only and this package is CommonJS, so it is required on first use
 * (Node 20.19 and later load ES modules with `require`); an app without an app tool or resource never loads it.
 */
export function loadExtApps(): ExtAppsServer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('@modelcontextprotocol/ext-apps/server') as ExtAppsServer);
}
