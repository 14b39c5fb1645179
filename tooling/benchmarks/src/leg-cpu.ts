/**
 * A flow leg's server CPU in process, against a plain call's: `listen`'s own node handler (the one a socket
 * reaches) driven with in-memory requests and responses, so node:http's parsing and the socket's writes stay
 * out and what is left is Tessera's work (the lane, the pipeline, the state's seal or open, the resolver).
 * Loads: the bench app's echo (10 tools, a plain `tools/call`), and the README example's flow, leg 1 (asks,
 * seals) and leg 2 (carries the answer and the state, completes), the same bodies bench:http sends.
 *
 * Given several build roots (a checkout each, built), every root's app is served in this one process and
 * the rounds alternate between them: an A/B within one run, last ÷ first per round. On the shared machine a
 * slice's CPU swings by 2x and more; a 2 µs difference shows at about 100 rounds of 1000 (the median ratio).
 *   npm run build && node tooling/benchmarks/dist/leg-cpu.js [requests=1000] [rounds=41] [root ...]
 *   BENCH_LEG_PROFILE=<seconds>: then V8's CPU profile of each load on the first root, self time per file and
 *   the top functions (per request; the profiler's own overhead is in it, so read shares, not totals);
 *   BENCH_LEG_HEAP=1: bytes allocated per request by function instead (V8's sampling heap profiler)
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Session } from 'node:inspector';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { FLOW_RESULT, firstLeg, secondLeg } from './support/flow-servers';
import { ECHO_CALL } from './support/echo-servers';
import { envelopeBody, envelopeHeaders, type WireCall } from './support/wire';
import { selfTimes, type CpuProfile } from './support/profile-summary';
import { fmtSpread, spread } from './support/http-config';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** One in-memory exchange: the request's body as one chunk, the answer's status and bytes. */
function exchange(
  handler: Handler,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const socket = new EventEmitter() as EventEmitter & { destroyed: boolean };
    socket.destroyed = false;
    const req = Object.assign(Readable.from([body], { objectMode: false }), {
      method: 'POST',
      url: '/mcp',
      headers: { host: '127.0.0.1', 'content-length': String(body.length), ...headers },
      socket,
    }) as unknown as IncomingMessage;
    let status = 0;
    const res = Object.assign(new EventEmitter(), {
      destroyed: false,
      writableFinished: false,
      headersSent: false,
      statusCode: 200,
      setHeader() {},
      writeHead(code: number) {
        status = code;
        this.headersSent = true;
        return this;
      },
      end(chunk?: string | Buffer) {
        this.writableFinished = true;
        done({ status: status || this.statusCode, text: chunk === undefined ? '' : String(chunk) });
        return this;
      },
      write() {
        return true;
      },
    }) as unknown as ServerResponse;
    try {
      handler(req, res);
    } catch (error) {
      fail(error);
    }
  });
}

interface Load {
  label: string;
  headers: Record<string, string>;
  body: Buffer;
  check(text: string): void;
}

const wire = (label: string, call: WireCall, check: (text: string) => void): Load => ({
  label,
  headers: envelopeHeaders(call),
  body: Buffer.from(envelopeBody(call)),
  check,
});

/** Starts one root's two apps on `listen`, catching the node handler `listen` gives node:http. */
async function served(
  root: string,
): Promise<{ name: string; loads: Array<Load & { handler: Handler }>; close(): Promise<void> }> {
  // each checkout's own build, named on the command line (a script run from the repository, never bundled)
  const load = createRequire(resolve(root, 'tooling/benchmarks/dist/leg-cpu.js'));
  const core = load('@tessera/core/node') as typeof import('@tessera/core/node');
  const { tesseraEcho } = load('./support/tessera-echo.js') as typeof import('./support/tessera-echo');
  const { tesseraFlowApp } = load('./support/tessera-flow.js') as typeof import('./support/tessera-flow');
  // the module object itself (an `import *` is a copy with getters): listen's createServer is read from it at call time
  const http = load('node:http') as typeof import('node:http');
  const handlerOf = async (app: Parameters<typeof core.listen>[0]) => {
    let caught: RequestListener | undefined;
    const original = http.createServer;
    (http as { createServer: unknown }).createServer = (listener: RequestListener) => {
      caught = listener;
      return original(listener);
    };
    try {
      const listener = await core.listen(app, { port: 0, idleGcMs: false });
      return { handler: caught as unknown as Handler, close: () => listener.close() };
    } finally {
      (http as { createServer: unknown }).createServer = original;
    }
  };
  const echo = await handlerOf(tesseraEcho(10).app);
  const flow = await handlerOf(tesseraFlowApp());
  const leg1 = wire('flow leg 1 (asks, seals)', firstLeg, (text) => {
    if (!text.includes('"input_required"')) throw new Error(`leg 1 did not ask: ${text.slice(0, 200)}`);
  });
  const asked = await exchange(flow.handler, leg1.headers, leg1.body);
  const state = (JSON.parse(asked.text) as { result?: { requestState?: string } }).result?.requestState;
  if (typeof state !== 'string') throw new Error(`leg 1 sealed no state: ${asked.text.slice(0, 200)}`);
  const loads = [
    {
      ...wire('plain call (echo, 10 tools)', ECHO_CALL, (text) => {
        if (!text.includes('"content"') || text.includes('"isError":true'))
          throw new Error(`echo failed: ${text.slice(0, 200)}`);
      }),
      handler: echo.handler,
    },
    { ...leg1, handler: flow.handler },
    {
      ...wire('flow leg 2 (answer + state, completes)', secondLeg(state), (text) => {
        if (!text.includes(FLOW_RESULT) || text.includes('"isError":true'))
          throw new Error(`leg 2 did not complete: ${text.slice(0, 200)}`);
      }),
      handler: flow.handler,
    },
  ];
  for (const load of loads) load.check((await exchange(load.handler, load.headers, load.body)).text);
  return {
    name: root,
    loads,
    close: async () => {
      await echo.close();
      await flow.close();
    },
  };
}

/** CPU µs per request over `n` sequential requests (each awaited: the handler's own turns are counted). */
async function slice(load: Load & { handler: Handler }, n: number): Promise<number> {
  const { handler, headers, body } = load;
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await exchange(handler, headers, body);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

const span = (xs: number[]) => fmtSpread(spread(xs), 2);

interface StackNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/**
 * Time spent inside each function of Tessera's packages and of node:crypto, callees included (a function
 * that recurses counted once per sample): what each stage of a request costs, whoever does the work under it.
 */
function inclusiveTimes(profile: CpuProfile): Array<[string, number]> {
  const nodes = profile.nodes as unknown as StackNode[];
  const parent = new Map<number, StackNode>();
  for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let node = byId.get(id); node; node = parent.get(node.id)) {
      const { functionName, url, lineNumber } = node.callFrame;
      if (!/\/packages\/[^/]+\/dist\/|node:internal\/crypto/.test(url)) continue;
      const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/packages\//, '').replace(/\/dist\//, '/')}:${lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

async function profileLoads(root: { loads: Array<Load & { handler: Handler }> }, seconds: number): Promise<void> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<any>((ok, ko) => session.post(method, params ?? {}, (e, r) => (e ? ko(e) : ok(r))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  for (const load of root.loads) {
    await post('Profiler.start');
    let n = 0;
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      for (let i = 0; i < 200; i++) await exchange(load.handler, load.headers, load.body);
      n += 200;
    }
    const { profile } = (await post('Profiler.stop')) as { profile: CpuProfile };
    const entries = selfTimes(profile);
    const byFile = new Map<string, number>();
    for (const e of entries) {
      const file = e.name.replace(/^\S+ /, '').replace(/:\d+$/, '') || `(${e.group})`;
      byFile.set(file, (byFile.get(file) ?? 0) + e.us);
    }
    const busy = entries.reduce((s, e) => s + e.us, 0);
    console.log(`\n### ${load.label}: ${(busy / n).toFixed(1)} µs sampled per request, by file (top 30)\n`);
    console.log('| File | µs per request |');
    console.log('|---|---:|');
    for (const [file, us] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`| ${file} | ${(us / n).toFixed(2)} |`);
    console.log('\nStages: time inside each function of Tessera and node:crypto, callees included (µs per request):\n');
    for (const [name, us] of inclusiveTimes(profile).slice(0, Number(process.env.BENCH_LEG_TOP ?? 25)))
      console.log(`- ${(us / n).toFixed(2)} µs \`${name}\``);
    console.log('\nTop functions:\n');
    for (const e of entries.slice(0, Number(process.env.BENCH_LEG_TOP ?? 25)))
      console.log(`- ${(e.us / n).toFixed(2)} µs \`${e.name}\` (${e.group})`);
  }
  session.disconnect();
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/** Bytes allocated per request, by function (V8's sampling heap profiler at a fine interval). */
async function allocationsOf(root: { loads: Array<Load & { handler: Handler }> }, requests: number): Promise<void> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<any>((ok, ko) => session.post(method, params ?? {}, (e, r) => (e ? ko(e) : ok(r))));
  for (const load of root.loads) {
    await post('HeapProfiler.startSampling', {
      samplingInterval: 64,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    for (let i = 0; i < requests; i++) await exchange(load.handler, load.headers, load.body);
    const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: { head: SamplingNode } };
    const byFunction = new Map<string, number>();
    let total = 0;
    const walk = (node: SamplingNode) => {
      const { functionName, url, lineNumber } = node.callFrame;
      const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(packages|apps|tooling)\//, '$1/');
      const name = `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
      total += node.selfSize;
      node.children.forEach(walk);
    };
    walk(profile.head);
    console.log(`\n### ${load.label}: ${(total / requests / 1024).toFixed(1)} KB sampled per request\n`);
    for (const [name, bytes] of [...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.BENCH_LEG_TOP ?? 25)))
      console.log(`- ${(bytes / requests).toFixed(0)} B \`${name}\``);
  }
  session.disconnect();
}

async function main(): Promise<void> {
  const [requestsText = '1000', roundsText = '41', ...rootArgs] = process.argv.slice(2);
  const requests = Number(requestsText);
  const rounds = Number(roundsText);
  const roots = rootArgs.length > 0 ? rootArgs : [resolve(__dirname, '../../..')];
  const builds = [];
  for (const root of roots) builds.push(await served(root));
  try {
    const profileSeconds = Number(process.env.BENCH_LEG_PROFILE ?? 0);
    if (profileSeconds > 0) return await profileLoads(builds[0]!, profileSeconds);
    if (process.env.BENCH_LEG_HEAP) return await allocationsOf(builds[0]!, requests);
    // warm-up: JIT and lazy modules, every build and load
    for (const build of builds) for (const load of build.loads) await slice(load, Math.min(requests, 2000));
    const us = builds.map((b) => b.loads.map(() => [] as number[]));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
      for (const li of builds[0]!.loads.keys())
        for (const bi of order) us[bi]![li]!.push(await slice(builds[bi]!.loads[li]!, requests));
    }
    console.log(
      `\n## A flow leg's CPU in process (listen's node handler, in-memory requests), node ${process.version}, ${requests} requests x ${rounds} rounds interleaved, median [min-max]\n`,
    );
    const head = builds.map((_b, i) => `build ${i} µs`).join(' | ');
    console.log(
      `| Load | ${head} | ${builds.map((_b, i) => `build ${i} ÷ plain`).join(' | ')}${builds.length > 1 ? ' | last ÷ first, per round' : ''} |`,
    );
    console.log(
      `|---|${builds.map(() => '---:|').join('')}${builds.map(() => '---:|').join('')}${builds.length > 1 ? '---:|' : ''}`,
    );
    builds[0]!.loads.forEach((load, li) => {
      const cells = us.map((b) => span(b[li]!));
      const ratios = us.map((b) => span(b[li]!.map((v, r) => v / b[0]![r]!)));
      const ab = builds.length > 1 ? ` | ${span(us[us.length - 1]![li]!.map((v, r) => v / us[0]![li]![r]!))}` : '';
      console.log(`| ${load.label} | ${cells.join(' | ')} | ${ratios.join(' | ')}${ab} |`);
    });
    builds.forEach((b, i) => console.log(`\nbuild ${i}: ${b.name}`));
  } finally {
    for (const b of builds) await b.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
