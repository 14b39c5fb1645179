import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../free-port';
import { renderFleetNginxConfig, type FleetNginxSettings } from './fleet-nginx-config';

/** The repository's installer of Debian packages for real services (installs when missing, exit 3 when it cannot). */
const ENSURE_PACKAGES = resolve(__dirname, '..', '..', '..', '..', 'scripts', 'ensure-debian-packages.sh');

/** nginx is missing and could not be installed; the message says what to do. */
export class NginxUnavailableError extends Error {
  override readonly name = 'NginxUnavailableError';
}

/** The nginx binary, installed from Debian's packages first when it is missing. */
export function ensureNginx(): string {
  try {
    execFileSync('bash', [ENSURE_PACKAGES, 'nginx=nginx'], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new NginxUnavailableError(
      `nginx is not installed and could not be installed (apt-get install nginx): ${stderr || String(error)}`,
    );
  }
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'])
    if (existsSync(candidate)) return candidate;
  return 'nginx';
}

export interface RunNginxOptions {
  /** `host:port` of every instance. */
  upstreams: readonly string[];
  /** Default: a free port on 127.0.0.1. */
  port?: number;
  /** The `http {}` part (upstream + server) for these settings; default the shipped template, filled in. */
  config?: (settings: FleetNginxSettings) => string;
}

/** An nginx started by this process: its own prefix, temp and log directories in a temp folder. */
export interface RunningNginx {
  /** `http://127.0.0.1:PORT/mcp` */
  readonly url: URL;
  readonly port: number;
  readonly pid: number;
  /** The folder holding the config, logs and temp files (removed on stop). */
  readonly prefix: string;
  /** The access log lines so far (format `tessera_fleet` of the template). */
  accessLog(): string[];
  errorLog(): string;
  /** Kills nginx (master and workers, one process group) and removes the prefix. Idempotent. */
  stop(): Promise<void>;
}

const live = new Set<RunningNginx>();

/** Last resort (an `exit` handler): kills every nginx this process started, synchronously. */
export function killAllNginx(): void {
  for (const nginx of live) {
    try {
      process.kill(-nginx.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Runs nginx in the foreground (`daemon off`) with the shipped fleet template (or `config`), on a free loopback port.
 *
 * nginx runs under a small shell that waits on its stdin, in a process group of its own. When this process
 * ends, even by `kill -9`, the pipe closes and the shell kills the whole group: nginx never outlives us.
 */
export async function runNginx(options: RunNginxOptions): Promise<RunningNginx> {
  const binary = ensureNginx();
  const prefix = mkdtempSync(join(tmpdir(), 'tessera-nginx-'));
  for (const dir of ['logs', 'temp']) mkdirSync(join(prefix, dir));
  const accessLogPath = join(prefix, 'logs', 'access.log');
  const errorLogPath = join(prefix, 'logs', 'error.log');
  try {
    for (let attempt = 1; ; attempt++) {
      const port = options.port ?? (await freePort());
      writeFileSync(
        join(prefix, 'fleet.conf'),
        (options.config ?? renderFleetNginxConfig)({
          upstreams: options.upstreams,
          listen: `127.0.0.1:${port}`,
          accessLog: accessLogPath,
        }),
      );
      writeFileSync(join(prefix, 'nginx.conf'), mainConfig(prefix, errorLogPath));
      checkConfig(binary, prefix);
      const child = spawnGuarded(binary, prefix);
      const started = await waitListening(child, port, errorLogPath);
      if (started === 'listening') return track(child, port, prefix, accessLogPath, errorLogPath);
      // Someone took the probed port between the probe and nginx's bind: try another (not a fixed one).
      if (started === 'address-in-use' && options.port === undefined && attempt < 5) continue;
      throw new Error(`nginx did not start: ${readIfThere(errorLogPath).trim().split('\n').slice(-3).join(' | ')}`);
    }
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
}

function mainConfig(prefix: string, errorLog: string): string {
  const temp = (name: string) => join(prefix, 'temp', name);
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(prefix, 'nginx.pid')};`,
    `error_log ${errorLog} notice;`,
    'events { worker_connections 1024; }',
    'http {',
    `  client_body_temp_path ${temp('client_body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${join(prefix, 'fleet.conf')};`,
    '}',
    '',
  ].join('\n');
}

function checkConfig(binary: string, prefix: string): void {
  try {
    execFileSync(
      binary,
      ['-t', '-q', '-p', prefix, '-e', join(prefix, 'logs', 'error.log'), '-c', join(prefix, 'nginx.conf')],
      { stdio: 'pipe' },
    );
  } catch (error) {
    throw new Error(`nginx refused the fleet config: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`);
  }
}

function spawnGuarded(binary: string, prefix: string): ChildProcess {
  // `cat` returns when our end of its stdin closes (stop(), or this process died); then the group goes.
  const script = '"$@" & cat >/dev/null; kill -KILL 0';
  const args = [
    '-c',
    script,
    'guard',
    binary,
    '-p',
    prefix,
    '-e',
    join(prefix, 'logs', 'error.log'),
    '-c',
    join(prefix, 'nginx.conf'),
  ];
  const child = spawn('sh', args, { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  // Neither the pipe nor the child keeps this process alive; the pipe closing is the guard's signal.
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  child.unref();
  return child;
}

async function waitListening(
  child: ChildProcess,
  port: number,
  errorLog: string,
): Promise<'listening' | 'address-in-use' | 'failed'> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return 'failed';
    const log = readIfThere(errorLog);
    if (/Address already in use/.test(log)) {
      killGroup(child);
      return 'address-in-use';
    }
    if (/\[emerg\]/.test(log)) {
      killGroup(child);
      return 'failed';
    }
    if (await accepts(port)) return 'listening';
    await new Promise((r) => setTimeout(r, 50));
  }
  killGroup(child);
  return 'failed';
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function readIfThere(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function track(
  child: ChildProcess,
  port: number,
  prefix: string,
  accessLogPath: string,
  errorLogPath: string,
): RunningNginx {
  let stopped: Promise<void> | undefined;
  const exited = new Promise<void>((done) =>
    child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done()),
  );
  const nginx: RunningNginx = {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    port,
    pid: child.pid!,
    prefix,
    accessLog: () => readIfThere(accessLogPath).split('\n').filter(Boolean),
    errorLog: () => readIfThere(errorLogPath),
    stop: () =>
      (stopped ??= (async () => {
        killGroup(child);
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 3000)))]);
        clearTimeout(timer);
        live.delete(nginx);
        rmSync(prefix, { recursive: true, force: true });
      })()),
  };
  live.add(nginx);
  return nginx;
}
