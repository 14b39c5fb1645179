/**
 * What one two-round flow costs the Tessera CLIENT over HTTP, by what carries its legs: `node-http` (opted into
 * with `fetch: nodeHttpFetch()`: @tessera/client's leg transport over node:http, the SDK's transport for anything
 * else) against `undici` (the default: the SDK's transport on the global fetch). Counted rather than timed, so the figure does not move with the machine's load: the
 * client's JavaScript function calls (exact, V8 precise coverage) and bytes allocated (sampled) per flow,
 * flows sent one after the other against one Tessera flow server in a child process. Client CPU per flow
 * (process.cpuUsage, variants interleaved, median of rounds) is printed too, as the timed, noisy companion.
 * `sdk-client`: the SDK's own Client with auto-fulfilment (the HTTP bench's SDK pair's client) against the same
 * server, the yardstick for what the SDK's client and transport cost per flow whatever sits on top.
 *   npm run build && node tooling/benchmarks/dist/work-flow-client.js [flows=300] [rounds=5]
 * `BENCH_WORK_TOP=prefix` also writes every function called, by calls per flow, to `prefix.<variant>.txt`.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { nodeHttpFetch, TesseraClient } from '@tessera/client';
import { FLOW_ARGS, FLOW_RESULT } from './support/flow-servers';
import { groupOf } from './support/profile-summary';
import { startServer } from './support/server-child';

type Flow = () => Promise<void>;

async function connect(url: string, variant: string): Promise<{ flow: Flow; close: () => Promise<void> }> {
  const answer = { action: 'accept' as const, content: { region: 'eu' } };
  if (variant === 'sdk-client') return connectSdk(url, answer);
  const client = new TesseraClient({ name: 'work', elicitation: async () => answer });
  await client.connect(variant === 'undici' ? { url } : { url, fetch: nodeHttpFetch() });
  const flow = async () => {
    const result = (await client.callTool({ name: 'provision', arguments: FLOW_ARGS })) as {
      content?: Array<{ text?: string }>;
    };
    if (result.content?.[0]?.text !== FLOW_RESULT)
      throw new Error(`${variant}: unexpected ${JSON.stringify(result).slice(0, 200)}`);
  };
  return { flow, close: () => client.close() };
}

/** The SDK's own Client (auto-fulfilment, undici's fetch), as the HTTP bench's SDK pair drives its flows. */
async function connectSdk(url: string, answer: object): Promise<{ flow: Flow; close: () => Promise<void> }> {
  const client = new Client(
    { name: 'work', version: '0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  client.setRequestHandler('elicitation/create', async () => answer as never);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const flow = async () => {
    const result = (await client.callTool({ name: 'provision', arguments: FLOW_ARGS })) as {
      content?: Array<{ text?: string }>;
    };
    if (result.content?.[0]?.text !== FLOW_RESULT)
      throw new Error(`sdk-client: unexpected ${JSON.stringify(result).slice(0, 200)}`);
  };
  return { flow, close: () => client.close() };
}

async function counted(flow: Flow, flows: number) {
  const session = new Session();
  session.connect();
  const post = (method: string, params: object = {}) =>
    new Promise<any>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await post('Profiler.takePreciseCoverage');
  await post('HeapProfiler.enable');
  await post('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < flows; i++) await flow();
  const coverage = await post('Profiler.takePreciseCoverage');
  const { profile } = await post('HeapProfiler.stopSampling');
  await post('Profiler.stopPreciseCoverage');
  session.disconnect();
  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let calls = 0;
  for (const script of coverage.result) {
    if (script.url.includes('work-flow-client') || script.url.includes('inspector')) continue;
    const file = script.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(packages|tooling)\//, '$1/');
    for (const fn of script.functions) {
      const count = fn.ranges[0]?.count ?? 0;
      if (count === 0) continue;
      calls += count;
      const group = groupOf(script.url, '');
      byGroup.set(group, (byGroup.get(group) ?? 0) + count);
      const name = `${fn.functionName || '(anonymous)'} ${file}:${fn.ranges[0]?.startOffset ?? 0}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + count);
    }
  }
  let bytes = 0;
  const walk = (node: { selfSize: number; children: any[] }) => {
    bytes += node.selfSize;
    node.children.forEach(walk);
  };
  walk(profile.head);
  const groups = [...byGroup]
    .sort((a, b) => b[1] - a[1])
    .filter(([, n]) => n / flows >= 1)
    .map(([g, n]) => `${g} ${(n / flows).toFixed(0)}`);
  const top = [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${(n / flows).toFixed(2)}\t${name}`)
    .join('\n');
  return { calls: calls / flows, kb: bytes / flows / 1024, groups: groups.join(', '), top };
}

async function cpuPerFlow(flow: Flow, flows: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < flows; i++) await flow();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / flows;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const flows = Number(process.argv[2] ?? 300);
  const rounds = Number(process.argv[3] ?? 5);
  const variants = ['undici', 'node-http', 'sdk-client'];
  const server = await startServer('flow-tessera', 1);
  try {
    const clients = new Map<string, Awaited<ReturnType<typeof connect>>>();
    for (const v of variants) clients.set(v, await connect(server.url, v));
    for (const v of variants) for (let i = 0; i < 200; i++) await clients.get(v)!.flow(); // warm: JIT, lazy modules
    console.log(
      `\n## Tessera client work per two-round flow over HTTP (${flows} flows one after the other, counted in the client)\n`,
    );
    console.log('| legs carried by | JS function calls per flow | KB allocated per flow | calls by group |');
    console.log('|---|---:|---:|---|');
    const work = new Map<string, { calls: number; kb: number }>();
    for (const v of variants) {
      const w = await counted(clients.get(v)!.flow, flows);
      work.set(v, w);
      console.log(`| ${v} | ${w.calls.toFixed(0)} | ${w.kb.toFixed(1)} | ${w.groups} |`);
      if (process.env.BENCH_WORK_TOP) writeFileSync(`${process.env.BENCH_WORK_TOP}.${v}.txt`, `${w.top}\n`);
    }
    const cpu = new Map<string, number[]>(variants.map((v) => [v, []]));
    for (let r = 0; r < rounds; r++)
      for (const v of variants) cpu.get(v)!.push(await cpuPerFlow(clients.get(v)!.flow, flows));
    const [base, fast, sdk] = variants.map((v) => median(cpu.get(v)!));
    console.log(
      `\nnode-http ÷ undici: JS calls ${(work.get('node-http')!.calls / work.get('undici')!.calls).toFixed(2)}x, bytes ${(work.get('node-http')!.kb / work.get('undici')!.kb).toFixed(2)}x;`,
    );
    console.log(
      `client CPU per flow (timed, median of ${rounds} interleaved rounds, noisy on a busy machine): undici ${base!.toFixed(0)} µs [${Math.min(...cpu.get('undici')!).toFixed(0)}-${Math.max(...cpu.get('undici')!).toFixed(0)}], node-http ${fast!.toFixed(0)} µs [${Math.min(...cpu.get('node-http')!).toFixed(0)}-${Math.max(...cpu.get('node-http')!).toFixed(0)}], ratio ${(fast! / base!).toFixed(2)}x`,
    );
    console.log(
      `the SDK's Client (auto-fulfilment, undici) against the same server: JS calls ${work.get('sdk-client')!.calls.toFixed(0)} per flow, TesseraClient (node-http) ÷ it ${(work.get('node-http')!.calls / work.get('sdk-client')!.calls).toFixed(2)}x; CPU ${sdk!.toFixed(0)} µs, ratio ${(fast! / sdk!).toFixed(2)}x`,
    );
    for (const c of clients.values()) await c.close();
  } finally {
    server.kill();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
