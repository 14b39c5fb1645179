import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { formatKeyRing, STATE_KEYS_ENV } from './keys';

/** The message an instance sends its parent over IPC once it listens. */
export interface InstanceReadyMessage {
  type: 'ready';
  id: string;
  url: string;
  pid: number;
  /** Ids (never the keys) of the ring, sealing key first; empty with the process-local key. */
  ring: string[];
}

/** The built instance entry point. Resolves the same from `src/` (ts-jest) and from `dist/`. */
export const INSTANCE_SCRIPT = resolve(__dirname, '..', 'dist', 'instance.js');

export interface SpawnInstanceOptions {
  id: string;
  /** The shared ring passed as `TESSERA_STATE_KEYS`; `null` leaves the variable unset (process-local key). */
  keys: readonly Uint8Array[] | null;
  /** Default 0: the instance picks a free port and reports it. */
  port?: number;
  /** Extra environment variables. */
  env?: Record<string, string>;
  script?: string;
  /** Every stderr line of the instance (JSON log lines, warnings). */
  onStderr?: (line: string) => void;
  /** How long to wait for the instance to listen; default 30 s (a loaded machine boots slowly). */
  readyTimeoutMs?: number;
}

/** A running instance process. */
export interface InstanceProcess {
  readonly id: string;
  readonly pid: number;
  /** The MCP endpoint, `http://127.0.0.1:PORT/mcp`. */
  readonly url: string;
  /** Key ids of its ring, sealing key first. */
  readonly ring: readonly string[];
  readonly child: ChildProcess;
  /** Every stderr line so far. */
  readonly stderr: readonly string[];
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs` (default 3 s); resolves once it has exited. */
  stop(graceMs?: number): Promise<number | null>;
}

/** Every instance process this module started and that has not exited yet (for last-resort cleanup). */
export const liveInstances = new Set<InstanceProcess>();

/** SIGKILLs every live instance this process started, synchronously (safe in an `exit` handler). */
export function killAllInstances(): void {
  for (const instance of liveInstances) {
    try {
      instance.child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Starts `dist/instance.js` as a child process with an IPC channel and waits until it listens. */
export function spawnInstance(options: SpawnInstanceOptions): Promise<InstanceProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    FLEET_INSTANCE_ID: options.id,
    PORT: String(options.port ?? 0),
  };
  delete env[STATE_KEYS_ENV];
  if (options.keys) env[STATE_KEYS_ENV] = formatKeyRing(options.keys);
  const child = spawn(process.execPath, [options.script ?? INSTANCE_SCRIPT], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const stderr: string[] = [];
  let partial = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      stderr.push(line);
      options.onStderr?.(line);
    }
  });
  child.stdout!.resume(); // the human "listening" line; the IPC message is what counts
  const exited = new Promise<number | null>((done) =>
    child.once('exit', (code, signal) => done(code ?? (signal ? null : 0))),
  );

  return new Promise((ready, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(
        new Error(
          `instance ${options.id} did not report ready within ${options.readyTimeoutMs ?? 30000} ms\n${stderr.join('\n')}`,
        ),
      );
    }, options.readyTimeoutMs ?? 30000);
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      fail(
        new Error(
          `instance ${options.id} exited with code ${code} before it was ready:\n${[...stderr, partial].join('\n').trim()}`,
        ),
      );
    });
    child.on('message', (message: InstanceReadyMessage) => {
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      const instance: InstanceProcess = {
        id: options.id,
        pid: message.pid,
        url: message.url,
        ring: message.ring,
        child,
        stderr,
        exited,
        stop: async (graceMs = 3000) => {
          if (child.exitCode !== null || child.signalCode !== null) return exited;
          child.kill('SIGTERM');
          const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
          const code = await exited;
          clearTimeout(kill);
          return code;
        },
      };
      liveInstances.add(instance);
      void exited.then(() => liveInstances.delete(instance));
      ready(instance);
    });
  });
}
