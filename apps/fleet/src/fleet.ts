import { generateKey, keyId } from './keys';
import { startLoadBalancer, type Backend, type ForwardEvent, type LoadBalancer, type PickBackend } from './load-balancer';
import { killAllInstances, spawnInstance, type InstanceProcess } from './spawn-instance';

/**
 * A fleet: N instance PROCESSES (`dist/instance.js`, each on its own free port on 127.0.0.1) behind one
 * round-robin load balancer, all given the same `TESSERA_STATE_KEYS`.
 *
 * `node dist/fleet.js [--instances 3] [--port 0] [--no-shared-keys]` prints the balancer's URL and runs until
 * SIGINT/SIGTERM; the instances stop with it, and also on their own if this process dies (their IPC channel
 * closes).
 */

export interface FleetOptions {
  /** Default 3. */
  instances?: number;
  /** The shared ring. Default: one freshly generated key. `null`: no shared keys (each instance its own). */
  keys?: readonly Uint8Array[] | null;
  /** The balancer's port; default 0 (a free one). */
  port?: number;
  /** The balancer's routing; default round robin. */
  pick?: PickBackend;
  /** Every stderr line of every instance. */
  onInstanceStderr?: (line: string, instance: string) => void;
  onForward?: (event: ForwardEvent) => void;
  /** The built instance script; default `dist/instance.js` next to this file. */
  script?: string;
}

const backendOf = (p: InstanceProcess): Backend => ({ id: p.id, url: new URL(p.url).origin });

export class Fleet {
  private constructor(
    readonly balancer: LoadBalancer,
    private readonly processes: InstanceProcess[],
    private readonly options: FleetOptions,
    private readonly retired: InstanceProcess[] = [],
  ) {}

  /** Starts the instances (in parallel) and the balancer in front of them. */
  static async start(options: FleetOptions = {}): Promise<Fleet> {
    const count = options.instances ?? 3;
    const keys = options.keys === undefined ? [generateKey()] : options.keys;
    const opts = { ...options, keys };
    const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => Fleet.spawn(`i${i + 1}`, keys, opts)));
    const processes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) {
      await Promise.all(processes.map((p) => p.stop()));
      throw failed.reason;
    }
    try {
      const balancer = await startLoadBalancer({ backends: processes.map(backendOf), port: options.port, pick: options.pick, onForward: options.onForward });
      return new Fleet(balancer, processes, opts);
    } catch (error) {
      await Promise.all(processes.map((p) => p.stop()));
      throw error;
    }
  }

  private static spawn(id: string, keys: readonly Uint8Array[] | null, options: FleetOptions): Promise<InstanceProcess> {
    return spawnInstance({ id, keys, script: options.script, onStderr: (line) => options.onInstanceStderr?.(line, id) });
  }

  /** The MCP endpoint clients use: the balancer's `/mcp`. */
  get url(): URL {
    return new URL('/mcp', this.balancer.url);
  }

  /** The instances currently behind the balancer. */
  get instances(): readonly InstanceProcess[] {
    return this.processes;
  }

  /** Every process this fleet started, current and replaced (their stderr stays readable). */
  get allProcesses(): readonly InstanceProcess[] {
    return [...this.retired, ...this.processes];
  }

  /**
   * A rolling restart of one instance with a new key ring, without dropping a request: the replacement starts
   * (same id, new process, new port) and joins the balancer, the old one is taken out, drained, then stopped.
   */
  async restart(id: string, keys: readonly Uint8Array[] | null): Promise<InstanceProcess> {
    return this.swapIn(await Fleet.spawn(id, keys, this.options));
  }

  /**
   * Rolls every instance onto `keys`, ONE AT A TIME: the replacements boot together first (surge capacity, so a
   * roll costs one boot, not N), then each takes its predecessor's place in turn, the predecessor drained and
   * stopped before the next swap. `afterEach(k)` runs after the k-th swap, while the fleet is mixed.
   */
  async rollKeys(keys: readonly Uint8Array[] | null, afterEach?: (swapped: number) => Promise<void> | void): Promise<void> {
    const started = await Promise.allSettled(this.processes.map((p) => Fleet.spawn(p.id, keys, this.options)));
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) {
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
      throw failed.reason;
    }
    const replacements = started.map((s) => (s as PromiseFulfilledResult<InstanceProcess>).value);
    for (const [k, next] of replacements.entries()) {
      await this.swapIn(next);
      await afterEach?.(k + 1);
    }
  }

  /** Puts `next` in the place of the instance with its id; drains and stops that one. */
  private async swapIn(next: InstanceProcess): Promise<InstanceProcess> {
    const index = this.processes.findIndex((p) => p.id === next.id);
    if (index < 0) {
      await next.stop();
      throw new Error(`no instance ${next.id}`);
    }
    const old = this.processes[index];
    const oldBackend = this.balancer.replaceBackend(next.id, backendOf(next));
    this.processes[index] = next;
    this.retired.push(old);
    // Drain, within reason: a request still running after the grace period is cut by the stop.
    if (!(await this.balancer.whenIdle(oldBackend))) process.stderr.write(`fleet: ${old.id} (pid ${old.pid}) still busy after the drain period; stopping it anyway\n`);
    await old.stop();
    return next;
  }

  async stop(): Promise<void> {
    await this.balancer.close();
    await Promise.all(this.processes.map((p) => p.stop()));
  }
}

interface CliArgs {
  instances: number;
  port: number;
  shared: boolean;
}

function parseCli(argv: readonly string[]): CliArgs {
  const args: CliArgs = { instances: 3, port: 0, shared: true };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--instances') args.instances = Number(argv[++i]);
    else if (flag === '--port') args.port = Number(argv[++i]);
    else if (flag === '--no-shared-keys') args.shared = false;
    else throw new Error(`unknown argument ${flag}; usage: node dist/fleet.js [--instances N] [--port N] [--no-shared-keys]`);
  }
  if (!Number.isInteger(args.instances) || args.instances < 1 || args.instances > 32) throw new Error('--instances must be 1..32');
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new Error('--port must be 0..65535');
  return args;
}

async function main(): Promise<void> {
  const args = parseCli(process.argv.slice(2));
  // Stop everything whatever way this process ends; the instances also watch their IPC channel.
  process.on('exit', killAllInstances);
  const keys = args.shared ? [generateKey()] : null;
  const fleet = await Fleet.start({
    instances: args.instances,
    port: args.port,
    keys,
    onInstanceStderr: (line) => process.stderr.write(line + '\n'),
    onForward: (e) => process.stderr.write(`balancer #${e.seq} ${e.method} ${e.url}${e.rpc ? ` ${e.rpc}` : ''} -> ${e.backend} (${e.status})\n`),
  });
  for (const p of fleet.instances) process.stdout.write(`instance ${p.id} pid ${p.pid} ${p.url}\n`);
  process.stdout.write(keys ? `shared key ring: ${keys.map(keyId).join(',')} (ids, not keys)\n` : 'no shared keys: every instance has its own process-local key\n');
  process.stdout.write(`fleet of ${args.instances} on ${fleet.url.href}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const served = Object.entries(fleet.balancer.served()).map(([id, n]) => `${id}=${n}`);
    process.stderr.write(`fleet: ${signal}, stopping (responses per instance: ${served.join(' ') || 'none'})\n`);
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
    killAllInstances();
    process.exit(1);
  });
}
