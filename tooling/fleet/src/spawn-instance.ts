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

/** Set by the parent: the instance boots, says `{ type: 'prepared' }`, and listens on `{ type: 'listen' }`. */
export const HOLD_LISTEN_ENV = 'FLEET_HOLD_LISTEN';

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
  return launch(options, false).ready;
}

/** An instance booted (its app built, Redis connected) that has not bound its port yet. */
export interface PreparedInstance {
  /** Lets it bind its port; resolves once it listens. */
  listen(): Promise<InstanceProcess>;
  /** Kills it; it never listened. */
  abort(): void;
}

/**
 * Starts an instance that boots but binds its port only when told (`FLEET_HOLD_LISTEN`): a restart boots the
 * new process while the old one still drains on that port, and the port is down only between the two.
 */
export async function prepareInstance(options: SpawnInstanceOptions): Promise<PreparedInstance> {
  const launched = launch(options, true);
  launched.ready.catch(() => undefined); // reported through prepared, or to whoever calls listen()
  await launched.prepared;
  return {
    listen: () => {
      launched.child.send({ type: 'listen' });
      return launched.ready;
    },
    abort: () => void launched.child.kill('SIGKILL'),
  };
}

function launch(
  options: SpawnInstanceOptions,
  hold: boolean,
): { child: ChildProcess; prepared: Promise<void>; ready: Promise<InstanceProcess> } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    FLEET_INSTANCE_ID: options.id,
    PORT: String(options.port ?? 0),
  };
  delete env[STATE_KEYS_ENV];
  delete env[HOLD_LISTEN_ENV];
  if (options.keys) env[STATE_KEYS_ENV] = formatKeyRing(options.keys);
  if (hold) env[HOLD_LISTEN_ENV] = '1';
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
  const timeoutMs = options.readyTimeoutMs ?? 30000;
  /** Resolves on the first IPC message of `type`; rejects if the process exits, fails or takes too long first. */
  const until = <T>(type: string, what: string, take: (message: InstanceReadyMessage) => T) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`instance ${options.id} did not report ${what} within ${timeoutMs} ms\n${stderr.join('\n')}`));
      }, timeoutMs);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(
          new Error(
            `instance ${options.id} exited with code ${code} before it was ${what}:\n${[...stderr, partial].join('\n').trim()}`,
          ),
        );
      });
      const onMessage = (message: { type?: unknown } | null) => {
        if (message?.type !== type) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(take(message as InstanceReadyMessage));
      };
      child.on('message', onMessage);
    });
  const prepared = hold ? until('prepared', 'prepared', () => undefined) : Promise.resolve();
  const ready = prepared.then(() =>
    until('ready', 'ready', (message) => {
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
      return instance;
    }),
  );
  return { child, prepared, ready };
}
