import { dirname, join, resolve } from 'node:path';

/** The repository root, from this file's place in `tooling/inspector-check/dist/check/`. */
export const repoRoot = resolve(__dirname, '..', '..', '..', '..');

/** Screenshots land here (git-ignored), one PNG per step. */
export const screenshotDir = join(repoRoot, '.inspector-check');

/** Debian's Chromium, the browser the check drives. */
export const chromiumPath = '/usr/bin/chromium';

/** The Inspector's launcher (its `mcp-inspector` bin), run with this Node. */
export function inspectorLauncher(): string {
  return join(
    dirname(require.resolve('@modelcontextprotocol/inspector/package.json')),
    'clients',
    'launcher',
    'build',
    'index.js',
  );
}

/** The concierge server of this app, built next to this file. */
export const conciergeServer = resolve(__dirname, '..', 'server.js');

/** The gateway that mounts the concierge (`mountRemote`), built next to this file. */
export const gatewayServer = resolve(__dirname, '..', 'gateway-server.js');

/** The MCP Apps example, `apps/dashboard` (built with this check: a project reference). */
export const dashboardServer = join(repoRoot, 'apps', 'dashboard', 'dist', 'main.js');

/** The committed picture of the dashboard in the Inspector, refreshed with `--save-dashboard-picture`. */
export const dashboardReadmePicture = join(repoRoot, 'apps', 'dashboard', 'inspector.png');
