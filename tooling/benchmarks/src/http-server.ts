/**
 * A benchmark server child process (started by http.bench.ts or profile-http.ts with an IPC channel and
 * `--expose-gc`): listens on 127.0.0.1 at a free port, reports its URL to the parent, answers the
 * parent's questions about its CPU time and memory, and exits as soon as the parent goes away.
 *   node --expose-gc dist/http-server.js <kind> <tools>   (for `node-busy`, the second number is the µs of work per request)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { acceleratorsEnvOf } from './support/accelerator-kinds';
import type { FetchFace } from './support/wire';

export type ServerKind =
  | 'node'
  | 'node-busy'
  | 'raw'
  | 'nest'
  | 'tessera'
  | 'tessera-intercepted'
  | 'tessera-sdk'
  | 'tessera-plain'
  | 'tessera-no-validation'
  | 'node-young-1mb'
  | 'tessera-young-1mb'
  | 'tessera-no-idle-gc'
  | 'tessera-cv-root'
  | 'flow-raw'
  | 'flow-tessera'
  | 'flow-tessera-plain';

export interface ServerQuestion {
  cmd: 'cpu' | 'memory' | 'stop' | 'profile-start' | 'profile-stop' | 'work-start' | 'work-stop';
  /** Where profile-stop writes the `.cpuprofile`. */
  file?: string;
  /** Collect garbage (twice, so finalisers run) before reading memory. */
  gc?: boolean;
}
export interface ServerAnswer {
  url?: string;
  cpu?: number;
  rss?: number;
  heapUsed?: number;
  error?: string;
  /** From work-stop: JavaScript function calls (exact) and bytes allocated (sampled) since work-start. */
  calls?: number;
  bytes?: number;
  /** The same, per script (URL), for grouping. */
  callsByScript?: Record<string, number>;
  bytesByScript?: Record<string, number>;
}

/** Serves a web-standard fetch face on node:http the way the SDK documents it (createMcpHandler + toNodeHandler). */
async function serveFetch(fetch: FetchFace): Promise<string> {
  // Required, as echo-servers.js and flow-servers.js (CommonJS) load the SDK: an import() here took the adapter's
  // ES module build and, under it, a second copy of the SDK and of zod (about 90 ms of CPU at start and 8 MB of
  // heap), which no raw SDK server written in one module system loads.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { toNodeHandler } = require('@modelcontextprotocol/node') as typeof import('@modelcontextprotocol/node');
  const node = toNodeHandler({ fetch });
  const server = createServer((req, res) => void node(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

/**
 * Tessera's listeners ask for listen's idle GC (off by default; these servers are started with --expose-gc), as a
 * user who cares about RSS after a burst would; `tessera-no-idle-gc` leaves it out.
 */
const IDLE_GC = { idleGcMs: 5000 } as const;

// Each kind loads only its own stack, so that idle RSS is that stack's and not every stack's.
async function start(kind: ServerKind, tools: number): Promise<string> {
  // a figure labelled "accelerators off" must be one: refuse to serve it with them on
  const switched = acceleratorsEnvOf(kind);
  if (switched !== undefined && process.env.TESSERA_ACCELERATORS !== switched)
    throw new Error(`${kind} must be started with TESSERA_ACCELERATORS=${switched} (server-child.ts does)`);
  const echo = () => import('./support/echo-servers.js');
  const tessera = () => import('./support/tessera-echo.js');
  const flows = () => import('./support/flow-servers.js');
  const node = () => import('@tessera/core/node');
  switch (kind) {
    case 'node':
    case 'node-young-1mb': // started with a 1 MB young generation (server-child.ts), otherwise the same
      return (await (await import('./servers/node-echo.js')).startNodeEcho()).url;
    case 'node-busy': // the yardstick: `tools` is the µs it spins per request
      return (await (await import('./servers/node-echo.js')).startNodeEcho(tools)).url;
    case 'raw':
      return serveFetch((await echo()).rawLowLevelEcho(tools).fetch);
    case 'nest':
      return (await (await import('./servers/nest-echo.js')).startNestEcho(tools)).url;
    case 'tessera':
    case 'tessera-young-1mb':
    case 'tessera-plain': // the same server, started with TESSERA_ACCELERATORS=off (server-child.ts)
    case 'tessera-no-validation': // and with TESSERA_ACCELERATORS=off:validation: the lane on, validation public
      return (
        await (await node()).listen((await tessera()).tesseraEcho(tools).app, { port: 0, ...IDLE_GC })
      ).url.toString();
    case 'tessera-intercepted':
      // the same app with a pass-through interceptor: on the lane, but off its direct path (what that costs)
      return (
        await (await node()).listen((await tessera()).tesseraEcho(tools, true).app, { port: 0, ...IDLE_GC })
      ).url.toString();
    case 'tessera-no-idle-gc':
      // listen() without its idle GC (the default): what RSS after a burst is when no GC runs
      return (await (await node()).listen((await tessera()).tesseraEcho(tools).app, { port: 0 })).url.toString();
    case 'tessera-cv-root':
      // the same app with class-validator's root loaded, as when DTOs import from 'class-validator' rather than
      // '@tessera/core/validators' (the root loads every decorator, libphonenumber-js and validator.js whole)
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('class-validator');
      return (
        await (await node()).listen((await tessera()).tesseraEcho(tools).app, { port: 0, ...IDLE_GC })
      ).url.toString();
    case 'tessera-sdk':
      // listen() with its fast path off: every request through the SDK's node adapter (what the fast path saves).
      return (
        await (await node()).listen((await tessera()).tesseraEcho(tools).app, { port: 0, fastPath: false, ...IDLE_GC })
      ).url.toString();
    case 'flow-raw':
      return serveFetch((await flows()).rawFlowServer().fetch);
    case 'flow-tessera':
    case 'flow-tessera-plain': // started with TESSERA_ACCELERATORS=off
      return (
        await (
          await node()
        ).listen((await import('./support/tessera-flow.js')).tesseraFlowApp(), { port: 0, ...IDLE_GC })
      ).url.toString();
    default:
      throw new Error(`unknown server kind ${kind as string}`);
  }
}

function memory(gc: boolean | undefined): ServerAnswer {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    if (!collect) throw new Error('start the server with --expose-gc to measure memory after GC');
    collect();
    collect();
  }
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

let session: import('node:inspector').Session | undefined;

/** V8's sampling profiler, started and stopped on request, so that start-up and warm-up stay out of the profile. */
async function profile(message: ServerQuestion): Promise<void> {
  const { Session } = await import('node:inspector');
  const post = (method: string, params?: object) =>
    new Promise<any>((resolve, reject) =>
      session!.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  if (message.cmd === 'profile-start') {
    session = new Session();
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
    return;
  }
  const { profile: result } = await post('Profiler.stop');
  session!.disconnect();
  session = undefined;
  (await import('node:fs')).writeFileSync(message.file!, JSON.stringify(result));
}

let workSession: import('node:inspector').Session | undefined;
/** How many counts this server has taken: `BENCH_WORK_TOP=prefix` writes count n's functions to `prefix.n.txt`. */
let workCounts = 0;

/**
 * Counts the work this server does between work-start and work-stop: every JavaScript function call (V8
 * precise coverage with call counts) and the bytes allocated (sampling heap profiler, fine interval). Unlike
 * time, neither depends on what else the machine is doing.
 */
async function work(cmd: 'work-start' | 'work-stop'): Promise<ServerAnswer> {
  const { Session } = await import('node:inspector');
  const post = (method: string, params?: object) =>
    new Promise<any>((resolve, reject) =>
      workSession!.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  if (cmd === 'work-start') {
    workSession = new Session();
    workSession.connect();
    await post('Profiler.enable');
    await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await post('Profiler.takePreciseCoverage');
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 512,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    return {};
  }
  const coverage = await post('Profiler.takePreciseCoverage');
  const { profile } = await post('HeapProfiler.stopSampling');
  await post('Profiler.stopPreciseCoverage');
  workSession!.disconnect();
  workSession = undefined;
  let calls = 0;
  const callsByScript: Record<string, number> = {};
  const topCalls: Array<[number, string]> = [];
  for (const script of coverage.result) {
    for (const fn of script.functions) {
      const count = fn.ranges[0]?.count ?? 0;
      calls += count;
      if (count > 0) callsByScript[script.url] = (callsByScript[script.url] ?? 0) + count;
      if (count > 0 && process.env.BENCH_WORK_TOP)
        topCalls.push([
          count,
          `${fn.functionName || '(anon)'} ${script.url.replace(/.*node_modules\//, '').replace(/.*\/packages\//, '')}:${fn.ranges[0].startOffset}`,
        ]);
    }
  }
  if (process.env.BENCH_WORK_TOP)
    (await import('node:fs')).writeFileSync(
      `${process.env.BENCH_WORK_TOP}.${++workCounts}.txt`,
      topCalls
        .sort((a, b) => b[0] - a[0])
        .map(([n, f]) => `${n} ${f}`)
        .join('\n'),
    );
  const bytesByScript: Record<string, number> = {};
  const bytesByFunction = new Map<string, number>();
  let bytes = 0;
  const walk = (node: {
    selfSize: number;
    callFrame: { url: string; functionName: string; lineNumber: number };
    children: any[];
  }) => {
    bytes += node.selfSize;
    if (node.selfSize > 0) {
      const { url, functionName, lineNumber } = node.callFrame;
      bytesByScript[url] = (bytesByScript[url] ?? 0) + node.selfSize;
      const name = `${functionName || '(anon)'} ${url.replace(/.*node_modules\//, '').replace(/.*\/packages\//, '')}:${lineNumber + 1}`;
      bytesByFunction.set(name, (bytesByFunction.get(name) ?? 0) + node.selfSize);
    }
    node.children.forEach(walk);
  };
  walk(profile.head);
  if (process.env.BENCH_WORK_TOP)
    (await import('node:fs')).writeFileSync(
      `${process.env.BENCH_WORK_TOP}.${workCounts}.bytes.txt`,
      [...bytesByFunction]
        .sort((a, b) => b[1] - a[1])
        .map(([f, n]) => `${n} ${f}`)
        .join('\n'),
    );
  return { calls, bytes, callsByScript, bytesByScript };
}

async function main(): Promise<void> {
  const [kind, toolsText] = process.argv.slice(2);
  if (!process.send) throw new Error('start me from http.bench.js (needs an IPC channel)');
  process.on('disconnect', () => process.exit(0)); // the parent ended: stop
  process.on('message', (message: ServerQuestion) => {
    if (message.cmd === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpu: user + system } satisfies ServerAnswer);
    } else if (message.cmd === 'memory') {
      process.send!(memory(message.gc));
    } else if (message.cmd === 'profile-start' || message.cmd === 'profile-stop') {
      profile(message).then(
        () => process.send!({}),
        (error) => process.send!({ error: String(error) }),
      );
    } else if (message.cmd === 'work-start' || message.cmd === 'work-stop') {
      work(message.cmd).then(
        (answer) => process.send!(answer),
        (error) => process.send!({ error: String(error) }),
      );
    } else if (message.cmd === 'stop') {
      process.exit(0); // a clean exit, so that --cpu-prof writes its profile
    }
  });
  process.send({ url: await start(kind as ServerKind, Number(toolsText ?? 10)) } satisfies ServerAnswer);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
