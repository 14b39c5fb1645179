/**
 * tools/call over HTTP on 127.0.0.1: Tessera `app.listen({ port: 0 })` against the raw SDK low-level
 * Server behind `createMcpHandler` + `toNodeHandler` on `node:http`, each in its own child process,
 * driven by an in-repo closed-loop load generator (keep-alive connections, a bounded number of requests,
 * loopback only). Besides requests/s (wall, shared by client and server) it reports the server
 * process's CPU µs per request, read from the child around each round: on a shared machine that is
 * the steadier figure.
 *
 *   npm run build && node apps/benchmarks/dist/http.bench.js
 *   (BENCH_HTTP_ROUNDS, BENCH_HTTP_REQUESTS, BENCH_HTTP_CONNECTIONS, BENCH_HTTP_TOOLS=10,1000,
 *   BENCH_HTTP_KINDS=raw,tessera,tessera-node override the defaults)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ECHO_CALL } from './support/echo-servers';
import { median } from './support/measure';
import { runLoad, type LoadResult } from './support/load';
import { envelopeBody, envelopeHeaders, parseAnswer } from './support/wire';

interface Child {
  label: string;
  tools: number;
  process: ChildProcess;
  url: string;
}

const num = (key: string, fallback: number) => (process.env[key] !== undefined ? Number(process.env[key]) : fallback);
const ROUNDS = num('BENCH_HTTP_ROUNDS', 7);
const REQUESTS = num('BENCH_HTTP_REQUESTS', 1_500);
/** Tool counts; in process, neither server's cost depends on it (tools-call.bench), so 10 alone by default. */
const TOOLS = (process.env.BENCH_HTTP_TOOLS ?? '10').split(',').map(Number);
/** `tessera-node` (Tessera's fetch face on the raw wiring, no listen()) isolates what listen() adds. */
const KINDS = (process.env.BENCH_HTTP_KINDS ?? 'raw,tessera').split(',') as Kind[];
type Kind = 'raw' | 'tessera' | 'tessera-node';
const LABELS: Record<Kind, string> = {
  raw: 'raw SDK low-level Server + toNodeHandler',
  tessera: 'Tessera app.listen',
  'tessera-node': 'Tessera app.fetch + toNodeHandler (no listen())',
};
const CONNECTIONS = num('BENCH_HTTP_CONNECTIONS', 16);

function start(kind: Kind, tools: number): Promise<Child> {
  const child = fork(join(__dirname, 'http-server.js'), [kind, String(tools)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const label = LABELS[kind];
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${label} exited early (${code})`)));
    child.once('message', (message: { url?: string }) => {
      if (!message.url) return reject(new Error(`${label}: no url`));
      resolve({ label, tools, process: child, url: message.url });
    });
  });
}

function serverCpu(child: Child): Promise<number> {
  return new Promise((resolve) => {
    child.process.once('message', (message: { cpu: NodeJS.CpuUsage }) => resolve(message.cpu.user + message.cpu.system));
    child.process.send('cpu');
  });
}

async function round(child: Child, total: number): Promise<LoadResult & { serverCpuUs: number }> {
  const before = await serverCpu(child);
  const result = await runLoad({ url: child.url, headers: envelopeHeaders(ECHO_CALL), body: envelopeBody(ECHO_CALL), connections: CONNECTIONS, total, timeoutMs: 60_000 });
  const after = await serverCpu(child);
  return { ...result, serverCpuUs: (after - before) / result.requests };
}

async function main(): Promise<void> {
  const started = Date.now();
  const children: Child[] = [];
  try {
    for (const tools of TOOLS) for (const kind of KINDS) children.push(await start(kind, tools));
    for (const child of children) {
      const response = await fetch(child.url, { method: 'POST', headers: envelopeHeaders(ECHO_CALL), body: envelopeBody(ECHO_CALL) });
      const text = parseAnswer(await response.text()).result?.content?.[0]?.text;
      if (text !== 'hello') throw new Error(`${child.label}: unexpected answer ${text}`);
      await round(child, Math.min(REQUESTS, 1_000)); // warm-up
    }
    const results = children.map(() => [] as Array<LoadResult & { serverCpuUs: number }>);
    for (let r = 0; r < ROUNDS; r++) {
      const order = children.map((_, i) => i);
      if (r % 2 === 1) order.reverse();
      for (const i of order) results[i]!.push(await round(children[i]!, REQUESTS));
    }
    const summary = children.map((child, i) => ({
      child,
      rps: median(results[i]!.map((x) => x.perSecond)),
      rpsMin: Math.min(...results[i]!.map((x) => x.perSecond)),
      rpsMax: Math.max(...results[i]!.map((x) => x.perSecond)),
      p50: median(results[i]!.map((x) => x.p50)),
      p99: median(results[i]!.map((x) => x.p99)),
      cpu: median(results[i]!.map((x) => x.serverCpuUs)),
    }));

    console.log('\n## tools/call over HTTP on 127.0.0.1 (server in a child process)\n');
    console.log(
      `node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString().slice(0, 10)}; ${ROUNDS} rounds alternating order, ${REQUESTS} requests per round over ${CONNECTIONS} keep-alive connections; medians over rounds\n`,
    );
    console.log('| Server | Tools | req/s [min-max] | p50 ms | p99 ms | server CPU µs/request |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const s of summary) {
      console.log(`| ${s.child.label} | ${s.child.tools} | ${Math.round(s.rps)} [${Math.round(s.rpsMin)}-${Math.round(s.rpsMax)}] | ${s.p50.toFixed(2)} | ${s.p99.toFixed(2)} | ${s.cpu.toFixed(0)} |`);
    }
    console.log('\nTessera ÷ raw SDK: requests/s (above 1.00 = Tessera serves more) / server CPU per request (above 1.00 = Tessera costs more):\n');
    console.log('| Server | Tools | req/s ratio | server CPU ratio |');
    console.log('|---|---:|---:|---:|');
    for (const tools of TOOLS) {
      const raw = summary.find((s) => s.child.tools === tools && s.child.label === LABELS.raw);
      for (const other of summary.filter((s) => s.child.tools === tools && s.child.label !== LABELS.raw)) {
        if (raw) console.log(`| ${other.child.label} | ${tools} | ${(other.rps / raw.rps).toFixed(2)} | ${(other.cpu / raw.cpu).toFixed(2)} |`);
      }
    }
    console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    for (const child of children) child.process.kill();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
