/**
 * tools/call overhead, in process: pre-built 2026-07-28 `Request`s go straight into each server's
 * web-standard `fetch` face (no sockets), one call after the other; each answer is read in full.
 * The same `echo` tool is served by (a) the raw SDK low-level Server, (b) the raw SDK McpServer with
 * every tool registerTool-ed, (c) Tessera, each next to 10 and 1000 registered tools; and, for reference,
 * (a') the raw low-level Server handed a pre-parsed body (what Tessera's fetch does).
 * Each variant runs in a child process of its own (support/isolated.ts); the slices are interleaved.
 *
 *   npm run build && node apps/benchmarks/dist/tools-call.bench.js
 *   (BENCH_ROUNDS, BENCH_SLICE_MS, BENCH_WARMUP_MS override the defaults)
 */
import { isolated } from './support/isolated';
import { envOptions, fmtRate, fmtUs, header, measure, type Measured, type Runner } from './support/measure';

const SIZES = [10, 1000] as const;
const SERVERS = [
  { kind: 'raw', label: 'raw SDK low-level Server' },
  { kind: 'mcp', label: 'raw SDK McpServer + registerTool' },
  { kind: 'tessera', label: 'Tessera createApp + @Tool/@Args DTO' },
  { kind: 'parsed', label: 'raw SDK low-level Server, parsedBody given' },
] as const;

async function main(): Promise<void> {
  const options = envOptions({ rounds: 25, sliceMs: 120, warmupMs: 1000 });
  const started = Date.now();
  const runners: Runner[] = [];
  try {
    for (const tools of SIZES) for (const { kind, label } of SERVERS) runners.push(await isolated(`${label} @${tools}`, `tools:${kind}:${tools}`));
    const results = await measure(runners, options);
    const at = (label: string, tools: number): Measured => results.find((r) => r.name === `${label} @${tools}`)!;

    header(
      'tools/call overhead, in process (web-standard fetch face, no sockets)',
      `each variant in its own process; ${options.rounds} interleaved rounds alternating order, ~${options.sliceMs} ms per variant per round, sequential calls; median [min-max] over rounds`,
    );
    console.log('| Server | Tools | wall µs/call | calls/s (wall) | CPU µs/call |');
    console.log('|---|---:|---:|---:|---:|');
    for (const { label } of SERVERS) {
      for (const tools of SIZES) {
        const m = at(label, tools);
        console.log(`| ${label} | ${tools} | ${fmtUs(m.us)} [${fmtUs(m.min)}-${fmtUs(m.max)}] | ${fmtRate(m.us)} | ${fmtUs(m.cpu)} [${fmtUs(m.cpuMin)}-${fmtUs(m.cpuMax)}] |`);
      }
    }
    const [low, mcp, tessera, parsed] = SERVERS.map((s) => s.label) as [string, string, string, string];
    console.log('\nRatios of time per call (1.00 = same; 1.15 = 15% more time per call), wall / CPU:\n');
    console.log('| | 10 tools | 1000 tools |');
    console.log('|---|---:|---:|');
    const ratio = (a: string, b: string, tools: number) =>
      `${(at(a, tools).us / at(b, tools).us).toFixed(2)} / ${(at(a, tools).cpu / at(b, tools).cpu).toFixed(2)}`;
    console.log(`| Tessera ÷ raw low-level Server | ${ratio(tessera, low, 10)} | ${ratio(tessera, low, 1000)} |`);
    console.log(`| Tessera ÷ raw McpServer | ${ratio(tessera, mcp, 10)} | ${ratio(tessera, mcp, 1000)} |`);
    console.log(`| Tessera ÷ raw low-level Server given parsedBody (not a baseline: the SDK's floor) | ${ratio(tessera, parsed, 10)} | ${ratio(tessera, parsed, 1000)} |`);
    for (const { label } of SERVERS) {
      const growth = `${(at(label, 1000).us / at(label, 10).us).toFixed(2)} / ${(at(label, 1000).cpu / at(label, 10).cpu).toFixed(2)}`;
      console.log(`| ${label}: 1000 tools ÷ 10 tools | ${growth} | |`);
    }
    console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    for (const runner of runners) await runner.close?.();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
