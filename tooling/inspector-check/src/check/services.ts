import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freeLoopbackPort } from './free-port';
import { conciergeServer, inspectorLauncher } from './paths';
import type { RunScope } from './run-scope';

/** The concierge example over Streamable HTTP on a free loopback port; resolves with its MCP endpoint. */
export async function startConcierge(run: RunScope): Promise<string> {
  const server = run.start('concierge server', process.execPath, [conciergeServer, '0']);
  const [, url] = await server.waitFor(/listening (http:\/\/127\.0\.0\.1:\d+\/mcp)/, 15_000);
  return url;
}

export interface InspectorWeb {
  /** The page to open, carrying the API token. */
  pageUrl: string;
  /** The origin, for messages (no token). */
  origin: string;
  token: string;
}

/**
 * The Inspector's web UI (`mcp-inspector --web`) on 127.0.0.1, preconfigured with the server over
 * Streamable HTTP in the modern era (protocol 2026-07-28). Nothing escapes the run: a fresh API token,
 * state and HOME in a temporary folder, secrets in memory, no browser opened, every helper port free.
 */
export async function startInspector(run: RunScope, serverUrl: string): Promise<InspectorWeb> {
  const port = await freeLoopbackPort();
  const token = randomBytes(24).toString('hex');
  const home = run.tempDir('tessera-inspector-home-');
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
  const args = [
    inspectorLauncher(),
    '--web',
    '--transport',
    'http',
    '--server-url',
    serverUrl,
    '--protocol-era',
    'modern',
  ];
  const inspector = run.start('MCP Inspector', process.execPath, args, env);
  await inspector.waitFor(/MCP Inspector Web is up and running/, 30_000);
  const origin = `http://127.0.0.1:${port}`;
  return { pageUrl: `${origin}/?MCP_INSPECTOR_API_TOKEN=${token}`, origin, token };
}
