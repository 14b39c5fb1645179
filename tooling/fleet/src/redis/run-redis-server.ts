import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../free-port';

const ENSURE_PACKAGES = resolve(__dirname, '..', '..', '..', '..', 'scripts', 'ensure-debian-packages.sh');

/** A redis-server started by this process, on a free loopback port, persisting to an append-only file. */
export interface RunningRedis {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Its folder (the append-only file): `runRedisServer({ port, dir })` starts it again on what it had. */
  readonly dir: string;
  /** SIGKILL and remove its folder. Idempotent. */
  stop(): Promise<void>;
  /** SIGKILL, its folder kept: a crash, after which `restart` finds what it had acknowledged. */
  crash(): Promise<void>;
  /** After `crash`: the same server again, on its port and its folder. */
  restart(): Promise<RunningRedis>;
}

export interface RunRedisOptions {
  /** Default: a free one. */
  port?: number;
  /** The folder of a crashed server (`RunningRedis.dir`) to start on; default a new temp folder. */
  dir?: string;
}

const live = new Set<ChildProcess>();

/** Last resort (an `exit` handler): kills every redis-server this process started, synchronously. */
export function killAllRedis(): void {
  for (const child of live) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** The redis-server binary, installed from Debian's packages first when it is missing. */
export function ensureRedisServer(): string {
  try {
    execFileSync('bash', [ENSURE_PACKAGES, 'redis-server=redis-server'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 300_000,
    });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new Error(
      `redis-server is not installed and could not be installed (apt-get install redis-server): ${stderr || String(error)}`,
    );
  }
  return 'redis-server';
}

/**
 * `redis-server --port <free, or the one given: a restart> --appendonly yes --appendfsync everysec --save ''` in
 * a temp folder, as the deployment runs it (compose.yaml): what it acknowledged survives a crash of the process
 * (written to the OS at once); a crash of the machine may lose the last second. Under the same guard as nginx:
 * a shell in its own process group that kills the group when our pipe to it closes (even if we are killed).
 */
export async function runRedisServer(options: RunRedisOptions = {}): Promise<RunningRedis> {
  const binary = ensureRedisServer();
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'tessera-redis-'));
  const port = options.port ?? (await freePort());
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--dir',
    dir,
    '--daemonize',
    'no',
    '--loglevel',
    'warning',
  ];
  const child = spawn('sh', ['-c', '"$@" & cat >/dev/null; kill -KILL 0', 'guard', binary, ...args], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  child.unref();
  live.add(child);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const crash = async () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 3000)))]);
    clearTimeout(timer);
    live.delete(child);
  };
  const stop = async () => {
    await crash();
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(port))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    dir,
    stop,
    crash,
    restart: () => runRedisServer({ port, dir }),
  };
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
