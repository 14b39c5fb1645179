import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freeLoopbackPort } from './free-port';
import { conciergeServer, dashboardServer, gatewayServer, inspectorLauncher } from './paths';
import type { RunScope } from './run-scope';

const LOOPBACK_MCP_URL = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/;

/** The concierge example over Streamable HTTP on a free loopback port; resolves with its MCP endpoint. */
export async function startConcierge(run: RunScope): Promise<string> {
  const server = run.start('concierge server', process.execPath, [conciergeServer, '0']);
  const [, url] = await server.waitFor(/listening (http:\/\/127\.0\.0\.1:\d+\/mcp)/, 15_000);
  return url;
}

/** `apps/dashboard`, the MCP Apps example, on a free loopback port; resolves with its MCP endpoint. */
export async function startDashboard(run: RunScope): Promise<string> {
  const env = { PATH: process.env.PATH, PORT: '0' };
  const server = run.start('dashboard server', process.execPath, [dashboardServer], env);
  const [, url] = await server.waitFor(LOOPBACK_MCP_URL, 15_000);
  return url;
}

/** The gateway mounting the concierge (on stdio, its child) on a free loopback port; resolves with its endpoint. */
export async function startGateway(run: RunScope): Promise<string> {
  const server = run.start('gateway server', process.execPath, [gatewayServer]);
  const [, url] = await server.waitFor(/listening (http:\/\/127\.0\.0\.1:\d+\/mcp)/, 15_000);
  return url;
}

/** The servers the Inspector lists, by name, in this order (the order of their cards). */
export type ServerUrls = Record<'concierge' | 'dashboard' | 'gateway', string>;

export interface InspectorWeb {
  /** The page to open, carrying the API token. */
  pageUrl: string;
  /** The origin, for messages (no token). */
  origin: string;
  token: string;
}

/**
 * The Inspector's web UI (`mcp-inspector --web`) on 127.0.0.1, with a read-only server list (`--config`):
 * each server over Streamable HTTP in the modern era (protocol 2026-07-28). Nothing escapes the run: a fresh
 * API token, state and HOME in a temporary folder, secrets in memory, no browser opened, every helper port free.
 */
export async function startInspector(run: RunScope, servers: ServerUrls): Promise<InspectorWeb> {
  const port = await freeLoopbackPort();
  const token = randomBytes(24).toString('hex');
  const home = run.tempDir('tessera-inspector-home-');
  const config = join(home, 'servers.json');
  const mcpServers = Object.fromEntries(
    Object.entries(servers).map(([name, url]) => [name, { type: 'http', url, protocolEra: 'modern' }]),
  );
  writeFileSync(config, JSON.stringify({ mcpServers }, null, 2));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    HOST: '127.0.0.1',
    CLIENT_PORT: String(port),
    MCP_SANDBOX_PORT: '0',
    MCP_APP_ORIGIN_PORT: '0',
    MCP_AUTO_OPEN_ENABLED: 'false',
    MCP_STORAGE_DIR: join(home, 'storage'),
    MCP_INSPECTOR_SECRET_STORE: 'memory',
    MCP_INSPECTOR_API_TOKEN: token,
  };
  const args = [inspectorLauncher(), '--web', '--config', config];
  const inspector = run.start('MCP Inspector', process.execPath, args, env);
  await inspector.waitFor(/MCP Inspector Web is up and running/, 30_000);
  const origin = `http://127.0.0.1:${port}`;
  return { pageUrl: `${origin}/?MCP_INSPECTOR_API_TOKEN=${token}`, origin, token };
}
