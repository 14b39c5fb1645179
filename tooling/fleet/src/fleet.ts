import { freePort } from './free-port';
import { generateKey, keyId } from './keys';
import { killAllNginx, runNginx, type RunningNginx } from './nginx/run-nginx';
import {
  killAllInstances,
  prepareInstance,
  spawnInstance,
  type InstanceProcess,
  type SpawnInstanceOptions,
} from './spawn-instance';

/**
 * A fleet: N instance PROCESSES (`dist/instance.js`, each on its own port on 127.0.0.1) behind a real nginx
 * (round robin, no sticky sessions, the shipped `nginx/fleet.conf.template`), all given the same
 * `TESSERA_STATE_KEYS`. nginx's upstream list names ports, so an instance keeps its port across restarts.
 *
 * `node dist/fleet.js [--instances 3] [--port 0] [--no-shared-keys] [--redis URL]` prints nginx's URL and runs
 * until SIGINT/SIGTERM; the instances and nginx stop with it, and also on their own if this process dies.
 */

export interface FleetOptions {
  /** Default 3. */
  instances?: number;
  /** The shared ring. Default: one freshly generated key. `null`: no shared keys (each instance its own). */
  keys?: readonly Uint8Array[] | null;
  /** nginx's port; default a free one. */
  port?: number;
  /** Every stderr line of every instance. */
  onInstanceStderr?: (line: string, instance: string) => void;
  /** Extra environment for every instance (e.g. `TESSERA_REDIS_URL`). */
  env?: Record<string, string>;
  /** The built instance script; default `dist/instance.js` next to this file. */
  script?: string;
}

export class Fleet {
  private constructor(
    readonly nginx: RunningNginx,
    private readonly processes: InstanceProcess[],
    private readonly ports: number[],
    private readonly options: FleetOptions & { keys: readonly Uint8Array[] | null },
    private readonly retired: InstanceProcess[] = [],
  ) {}

  /** Starts the instances (in parallel, each on a port of its own) and nginx in front of them. */
  static async start(options: FleetOptions = {}): Promise<Fleet> {
    const count = options.instances ?? 3;
    const keys = options.keys === undefined ? [generateKey()] : options.keys;
    const opts = { ...options, keys };
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    const started = await Promise.allSettled(ports.map((port, i) => Fleet.spawn(`i${i + 1}`, port, keys, opts)));
    const processes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) {
      await Promise.all(processes.map((p) => p.stop()));
      throw failed.reason;
    }
    try {
      const nginx = await runNginx({ upstreams: ports.map((p) => `127.0.0.1:${p}`), port: options.port });
      return new Fleet(nginx, processes, ports, opts);
    } catch (error) {
      await Promise.all(processes.map((p) => p.stop()));
      throw error;
    }
  }

  private static spawn(
    id: string,
    port: number,
    keys: readonly Uint8Array[] | null,
    options: FleetOptions,
  ): Promise<InstanceProcess> {
    return spawnInstance(Fleet.instanceSettings(id, port, keys, options));
  }

  private static prepare(id: string, port: number, keys: readonly Uint8Array[] | null, options: FleetOptions) {
    return prepareInstance(Fleet.instanceSettings(id, port, keys, options));
  }

  /** What starting instance `id` takes, whether it is spawned at once or prepared to listen later. */
  private static instanceSettings(
    id: string,
    port: number,
    keys: readonly Uint8Array[] | null,
    options: FleetOptions,
  ): SpawnInstanceOptions {
    return {
      id,
      port,
      keys,
      env: options.env,
      script: options.script,
      onStderr: (line) => options.onInstanceStderr?.(line, id),
    };
  }

  /** The MCP endpoint clients use: nginx's `/mcp`. */
  get url(): URL {
    return this.nginx.url;
  }

  /** `host:port` of every instance, in nginx's order: another balancer in front of the same fleet uses these. */
  get upstreams(): string[] {
    return this.ports.map((p) => `127.0.0.1:${p}`);
  }

  /** The instances currently running (or last started, for one that was killed). */
  get instances(): readonly InstanceProcess[] {
    return this.processes;
  }

  /** Every process this fleet started, current and replaced (their stderr stays readable). */
  get allProcesses(): readonly InstanceProcess[] {
    return [...this.retired, ...this.processes];
  }

  /** `kill -9` of one instance: no drain, no goodbye; nginx finds out from refused connections. */
  async kill(id: string): Promise<void> {
    const instance = this.find(id);
    instance.child.kill('SIGKILL');
    await instance.exited;
  }

  /**
   * Starts instance `id` again on its port (after `kill`, or to change its keys: a running one is stopped
   * gracefully first, its calls in flight finishing). The new process boots while the old one drains, and binds
   * the port `downMs` after the old one exited (default at once), or when it has booted if that is later.
   * While it is down nginx sends its legs to the others.
   */
  async restart(
    id: string,
    keys: readonly Uint8Array[] | null = this.options.keys,
    { downMs = 0 }: { downMs?: number } = {},
  ): Promise<InstanceProcess> {
    const index = this.processes.findIndex((p) => p.id === id);
    const old = this.find(id);
    const preparing = Fleet.prepare(id, this.ports[index], keys, this.options);
    preparing.catch(() => undefined); // awaited below, after the old one stopped
    await old.stop(30_000);
    if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
    const next = await (await preparing).listen();
    this.retired.push(old);
    this.processes[index] = next;
    return next;
  }

  /**
   * Rolls every instance onto `keys`, ONE AT A TIME: each is stopped gracefully and started again on its port
   * before the next one goes (nginx skips it meanwhile). `afterEach(k)` runs after the k-th, while the fleet
   * is mixed.
   */
  async rollKeys(
    keys: readonly Uint8Array[] | null,
    afterEach?: (swapped: number) => Promise<void> | void,
  ): Promise<void> {
    for (const [k, instance] of [...this.processes].entries()) {
      await this.restart(instance.id, keys);
      await afterEach?.(k + 1);
    }
  }

  async stop(): Promise<void> {
    await this.nginx.stop();
    await Promise.all(this.processes.map((p) => p.stop()));
  }

  private find(id: string): InstanceProcess {
    const instance = this.processes.find((p) => p.id === id);
    if (!instance) throw new Error(`no instance ${id} (have ${this.processes.map((p) => p.id).join(', ')})`);
    return instance;
  }
}

/** Legs served per instance, counted from the instances' own `leg served` log lines. */
export function legsPerInstance(processes: readonly InstanceProcess[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of processes.flatMap((p) => p.stderr)) {
    if (!line.startsWith('{') || !line.includes('"leg served"')) continue;
    const { instance } = JSON.parse(line) as { instance: string };
    counts[instance] = (counts[instance] ?? 0) + 1;
  }
  return counts;
}

interface CliArgs {
  instances: number;
  port: number;
  shared: boolean;
  redis?: string;
}

function parseCli(argv: readonly string[]): CliArgs {
  const args: CliArgs = { instances: 3, port: 0, shared: true };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--instances') args.instances = Number(argv[++i]);
    else if (flag === '--port') args.port = Number(argv[++i]);
    else if (flag === '--no-shared-keys') args.shared = false;
    else if (flag === '--redis') args.redis = argv[++i];
    else
      throw new Error(
        `unknown argument ${flag}; usage: node dist/fleet.js [--instances N] [--port N] [--no-shared-keys] [--redis redis://HOST:PORT]`,
      );
  }
  if (!Number.isInteger(args.instances) || args.instances < 1 || args.instances > 32)
    throw new Error('--instances must be 1..32');
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new Error('--port must be 0..65535');
  return args;
}

function killEverything(): void {
  killAllNginx();
  killAllInstances();
}

async function main(): Promise<void> {
  const args = parseCli(process.argv.slice(2));
  // Stop everything whatever way this process ends; the instances also watch their IPC channel, nginx its pipe.
  process.on('exit', killEverything);
  const keys = args.shared ? [generateKey()] : null;
  const fleet = await Fleet.start({
    instances: args.instances,
    port: args.port || undefined,
    keys,
    env: args.redis ? { TESSERA_REDIS_URL: args.redis } : undefined,
    onInstanceStderr: (line) => process.stderr.write(line + '\n'),
  });
  for (const p of fleet.instances) process.stdout.write(`instance ${p.id} pid ${p.pid} ${p.url}\n`);
  process.stdout.write(`nginx pid ${fleet.nginx.pid}, config and logs in ${fleet.nginx.prefix}\n`);
  process.stdout.write(
    keys
      ? `shared key ring: ${keys.map(keyId).join(',')} (ids, not keys)\n`
      : 'no shared keys: every instance has its own process-local key\n',
  );
  process.stdout.write(`fleet of ${args.instances} on ${fleet.url.href}\n`);

  // Runs until a signal, even while every instance is down (nothing else may hold the event loop open then).
  const keepAlive = setInterval(() => undefined, 1 << 30);
  let stopping = false;
  const stop = (signal: string) => {
    clearInterval(keepAlive);
    if (stopping) return;
    stopping = true;
    const served = Object.entries(legsPerInstance(fleet.allProcesses)).map(([id, n]) => `${id}=${n}`);
    process.stderr.write(`fleet: ${signal}, stopping (legs served per instance: ${served.join(' ') || 'none'})\n`);
    setTimeout(() => process.exit(1), 5000).unref();
    fleet.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGHUP', () => stop('SIGHUP'));
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`fleet: ${error instanceof Error ? error.message : String(error)}\n`);
    killEverything();
    process.exit(1);
  });
}
