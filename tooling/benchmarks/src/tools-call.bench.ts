/**
 * tools/call overhead, in process: pre-built 2026-07-28 `Request`s go straight into each server's
 * web-standard `fetch` face (no sockets), one call after the other; each answer is read in full.
 * The same `echo` tool is served by (a) the raw SDK low-level Server, (b) the raw SDK McpServer with
 * every tool registerTool-ed, (c) Tessera, each next to 10 and 1000 registered tools; and, for reference,
 * (a') the raw low-level Server handed a pre-parsed body (what Tessera's fetch does).
 * Each variant runs in a child process of its own (support/isolated.ts); the slices are interleaved.
 *
 *   npm run build && node tooling/benchmarks/dist/tools-call.bench.js
 *   (BENCH_ROUNDS, BENCH_SLICE_MS, BENCH_WARMUP_MS override the defaults)
 */
import { runIsolatedBench, timeCells, timeRatio } from './support/isolated-bench';
import { header } from './support/measure';
import { recordSections } from './support/results-file';

const SIZES = [10, 1000] as const;
const SERVERS = [
  { kind: 'raw', label: 'raw SDK low-level Server' },
  { kind: 'mcp', label: 'raw SDK McpServer + registerTool' },
  { kind: 'tessera', label: 'Tessera createApp + @Tool/@Args DTO' },
  { kind: 'parsed', label: 'raw SDK low-level Server, parsedBody given' },
] as const;

const variants = SIZES.flatMap((tools) =>
  SERVERS.map(({ kind, label }) => ({ name: `${label} @${tools}`, id: `tools:${kind}:${tools}` })),
);

runIsolatedBench(variants, (result, options) => {
  const at = (label: string, tools: number) => result(`${label} @${tools}`);
  header(
    'tools/call overhead, in process (web-standard fetch face, no sockets)',
    `each variant in its own process; ${options.rounds} interleaved rounds alternating order, ~${options.sliceMs} ms per variant per round, sequential calls; median [min-max] over rounds`,
  );
  console.log('| Server | Tools | wall µs/call | calls/s (wall) | CPU µs/call |');
  console.log('|---|---:|---:|---:|---:|');
  for (const { label } of SERVERS)
    for (const tools of SIZES) console.log(`| ${label} | ${tools} | ${timeCells(at(label, tools))} |`);
  const [low, mcp, tessera, parsed] = SERVERS.map((s) => s.label) as [string, string, string, string];
  console.log('\nRatios of time per call (1.00 = same; 1.15 = 15% more time per call), wall / CPU:\n');
  console.log('| | 10 tools | 1000 tools |');
  console.log('|---|---:|---:|');
  const ratio = (a: string, b: string, tools: number) => timeRatio(at(a, tools), at(b, tools));
  console.log(`| Tessera ÷ raw low-level Server | ${ratio(tessera, low, 10)} | ${ratio(tessera, low, 1000)} |`);
  console.log(`| Tessera ÷ raw McpServer | ${ratio(tessera, mcp, 10)} | ${ratio(tessera, mcp, 1000)} |`);
  console.log(
    `| Tessera ÷ raw low-level Server given parsedBody (not a baseline: the SDK's floor) | ${ratio(tessera, parsed, 10)} | ${ratio(tessera, parsed, 1000)} |`,
  );
  for (const { label } of SERVERS)
    console.log(`| ${label}: 1000 tools ÷ 10 tools | ${timeRatio(at(label, 1000), at(label, 10))} | |`);
  recordSections({
    'tools-call': {
      title: 'tools/call in process (fetch face, no sockets)',
      metric: 'CPU µs per call',
      better: 'lower',
      rows: SERVERS.flatMap(({ label }) =>
        SIZES.map((tools) => {
          const m = at(label, tools);
          return { series: label, group: `${tools} tools`, value: m.cpu, min: m.cpuMin, max: m.cpuMax };
        }),
      ),
    },
  });
});
