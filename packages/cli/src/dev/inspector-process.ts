import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CliError } from '../errors/cli-error';
import type { ReaperProcess } from './reaper-process';

const READY = /MCP Inspector Web is up and running/;
const START_DEADLINE_MS = 60_000;

/** The Inspector's launcher (its `mcp-inspector` bin): the project's own copy first, then one beside this CLI. */
export function inspectorLauncher(cwd: string): string {
  for (const from of [join(cwd, 'package.json'), __filename]) {
    let manifest: string;
    try {
      manifest = createRequire(from).resolve('@modelcontextprotocol/inspector/package.json');
    } catch {
      continue;
    }
    const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: Record<string, string> };
    const launcher = bin?.['mcp-inspector'];
    if (launcher !== undefined) return join(dirname(manifest), launcher);
  }
  throw new CliError(
    'dev: --inspector needs the MCP Inspector in the project: npm install --save-dev @modelcontextprotocol/inspector',
    2,
  );
}

/**
 * The MCP Inspector's web UI on 127.0.0.1, connected to the dev server over Streamable HTTP on 2026-07-28.
 * Its own process group (it forks helpers), stopped with the dev loop. Its output is kept, not echoed: it
 * prints its token, and the page URL printed by the dev loop already carries it.
 */
export class InspectorProcess {
  private readonly child: ChildProcess;
  private output = '';
  readonly pageUrl: string;

  constructor(launcher: string, serverUrl: string, port: number, reaper: ReaperProcess) {
    const token = randomBytes(24).toString('hex');
    this.pageUrl = `http://127.0.0.1:${port}/?MCP_INSPECTOR_API_TOKEN=${token}`;
    const env = {
      ...process.env,
      HOST: '127.0.0.1',
      CLIENT_PORT: String(port),
      // its helper servers on free ports, so only the page's port is fixed
      MCP_SANDBOX_PORT: '0',
      MCP_APP_ORIGIN_PORT: '0',
      MCP_AUTO_OPEN_ENABLED: 'false',
      MCP_INSPECTOR_API_TOKEN: token,
    };
    const args = [launcher, '--web', '--transport', 'http', '--server-url', serverUrl, '--protocol-era', 'modern'];
    this.child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    reaper.watch(this.child, 'SIGKILL', true);
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-16_384);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
  }

  /** Resolves once the web UI answers; rejects with the Inspector's last output when it exits or never comes up. */
  async ready(): Promise<void> {
    const deadline = Date.now() + START_DEADLINE_MS;
    while (!READY.test(this.output)) {
      if (this.child.exitCode !== null || this.child.signalCode !== null || Date.now() > deadline)
        throw new Error(`the MCP Inspector did not start:\n${this.output.trim().split(this.token()).join('<token>')}`);
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }

  /** The whole group: the Inspector and the helpers it forked. */
  stop(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  private token(): string {
    return new URL(this.pageUrl).searchParams.get('MCP_INSPECTOR_API_TOKEN')!;
  }
}
