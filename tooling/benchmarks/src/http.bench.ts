/**
 * One command, side by side in the same run over loopback HTTP (every server and client in a process of
 * its own, load from autocannon in this one):
 *  0. cold start: process forked to the first tools/call answered, node:http, the raw SDK, MCP-Nest and
 *     Tessera with 10 and 1000 tools;
 *  1. tools/call: plain node:http (the ceiling), the same echo spinning 50 µs per request (the yardstick:
 *     what a known amount of work costs in share of the ceiling), the raw SDK, MCP-Nest 2.0.5 and Tessera
 *     (also with a pass-through interceptor, which takes it off the lane's direct path), at 10 and 1000
 *     tools: req/s, p50/p99, server CPU per request, idle RSS, RSS right after load and 15 s later, ratios
 *     (also against node:http); each leg of the one-question flow on both flow servers, measured the same
 *     way, against the same stack's plain call;
 *  2. RSS with 10 000 flows left open at round one, after GC;
 *  3. two-round flows per second, Tessera client + server against the SDK client + server (HMAC codec).
 * Each accelerator on and off in the same run: `tessera-sdk` (the lane off), `tessera-plain` (every accelerator of
 * core off: TESSERA_ACCELERATORS=off), the client's node:http sender against its default fetch in the flows; ratios
 * to the raw SDK, and a verdict per accelerator (its gain against the run-to-run spread of the rounds).
 *
 *   npm run build && npm run bench:http -w @tessera/tooling-benchmarks       (about 5 minutes)
 *   BENCH_QUICK=1 npm run bench:http -w @tessera/tooling-benchmarks          (smoke mode, about a minute)
 *   Overrides: BENCH_HTTP_ROUNDS, BENCH_HTTP_SECONDS, BENCH_HTTP_WARMUP_SECONDS, BENCH_HTTP_CONNECTIONS,
 *   BENCH_HTTP_TOOLS=10,1000, BENCH_HTTP_KINDS=node,node-busy,raw,nest,tessera,tessera-intercepted,tessera-sdk,tessera-plain,flow-raw,flow-tessera[,flow-tessera-plain,tessera-no-idle-gc,tessera-cv-root,node-young-1mb,tessera-young-1mb],
 *   BENCH_HTTP_BUSY_US=50,
 *   BENCH_FLOW_CONCURRENCY, BENCH_OPEN_FLOWS, BENCH_HTTP_PARTS=cold,calls,open,flows,
 *   BENCH_HTTP_BASE=<another checkout, built> (its Tessera kinds served beside this build's in the same rounds),
 *   BENCH_HTTP_READS=1 (the Tessera kinds also serve a prompts/get and a resources/read; with tessera-sdk in
 *   the kinds, each against the SDK path)
 */
import { callsPart } from './http-calls.part';
import { coldPart } from './http-cold.part';
import { flowsPart, openFlowsPart } from './http-flows.part';
import { httpBenchConfig } from './support/http-config';

async function main(): Promise<void> {
  const started = Date.now();
  const config = httpBenchConfig();
  if (config.parts.includes('cold')) await coldPart(config);
  if (config.parts.includes('calls')) await callsPart(config);
  if (config.parts.includes('open')) await openFlowsPart(config);
  if (config.parts.includes('flows')) await flowsPart(config);
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
