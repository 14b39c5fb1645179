/** The constants of `@modelcontextprotocol/ext-apps` (the MCP Apps SDK) a test client declares and checks. */
export type ExtAppsServer = typeof import('@modelcontextprotocol/ext-apps/server', {
  with: { 'resolution-mode': 'import' },
});

let loaded: ExtAppsServer | undefined;

/** ext-apps is published as ES modules only and this package is CommonJS: required on first use. */
export function loadExtApps(): ExtAppsServer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('@modelcontextprotocol/ext-apps/server') as ExtAppsServer);
}
