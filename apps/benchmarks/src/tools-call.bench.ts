/**
 * tools/call overhead, in process: pre-built 2026-07-28 `Request`s go straight into each server's
 * web-standard `fetch` face (no sockets), one call after the other; the response body is read in full.
 * The same `echo` tool is served by (a) the raw SDK low-level Server, (b) the raw SDK McpServer with
 * every tool registerTool-ed, (c) Tessera, each next to 10 and 1000 registered tools; and, for reference,
 * (a') the raw low-level Server handed a pre-parsed body (what Tessera's fetch does).
 *
 *   npm run build && node apps/benchmarks/dist/tools-call.bench.js
 *   (BENCH_ROUNDS, BENCH_SLICE_MS, BENCH_WARMUP_MS override the defaults)
 */
import { ECHO_CALL, ECHO_TEXT, rawLowLevelEcho, rawLowLevelParsedEcho, rawMcpServerEcho, tesseraEcho, type EchoServer } from './support/echo-servers';
import { envOptions, fmtRate, fmtUs, header, measure, type Measured, type Variant } from './support/measure';
import { callOnce, expectText, prepared, type FetchFace } from './support/wire';

const SIZES = [10, 1000] as const;

async function countTools(fetch: FetchFace): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const answer = await callOnce(fetch, { method: 'tools/list', params: cursor ? { cursor } : {} });
    const result = answer.result as { tools?: unknown[]; nextCursor?: string } | undefined;
    if (!result?.tools) throw new Error(`tools/list failed: ${JSON.stringify(answer).slice(0, 300)}`);
    count += result.tools.length;
    cursor = result.nextCursor;
    if (!cursor) return count;
  }
  throw new Error('tools/list never ended');
}

function variantOf(server: EchoServer, tools: number): Variant<Request[]> {
  const call = prepared(ECHO_CALL);
  return {
    name: `${server.name} @${tools}`,
    prepare: (n) => call.requests(n),
    run: async (batch) => {
      for (const request of batch) {
        const response = await server.fetch(request);
        const text = await response.text();
        if (response.status !== 200 || text.length === 0) throw new Error(`${server.name}: HTTP ${response.status} ${text.slice(0, 200)}`);
      }
    },
  };
}

async function main(): Promise<void> {
  const options = envOptions({ rounds: 25, sliceMs: 120, warmupMs: 700 });
  const started = Date.now();
  const servers: Array<{ tools: number; server: EchoServer }> = [];
  for (const tools of SIZES) {
    for (const make of [rawLowLevelEcho, rawMcpServerEcho, tesseraEcho, rawLowLevelParsedEcho]) {
      const server = make(tools);
      expectText(await callOnce(server.fetch, ECHO_CALL), ECHO_TEXT, server.name);
      const listed = await countTools(server.fetch);
      if (listed !== tools) throw new Error(`${server.name}: tools/list has ${listed} tools, expected ${tools}`);
      servers.push({ tools, server });
    }
  }
  const results = await measure(
    servers.map(({ server, tools }) => variantOf(server, tools)),
    options,
  );
  const at = (label: string, tools: number): Measured => results.find((r) => r.name === `${label} @${tools}`)!;
  const labels = servers.slice(0, 4).map(({ server }) => server.name);

  header(
    'tools/call overhead, in process (web-standard fetch face, no sockets)',
    `${options.rounds} rounds alternating order, ~${options.sliceMs} ms per variant per round, sequential calls; median [min-max] over rounds`,
  );
  console.log('| Server | Tools | wall µs/call | calls/s (wall) | CPU µs/call |');
  console.log('|---|---:|---:|---:|---:|');
  for (const label of labels) {
    for (const tools of SIZES) {
      const m = at(label, tools);
      console.log(`| ${label} | ${tools} | ${fmtUs(m.us)} [${fmtUs(m.min)}-${fmtUs(m.max)}] | ${fmtRate(m.us)} | ${fmtUs(m.cpu)} [${fmtUs(m.cpuMin)}-${fmtUs(m.cpuMax)}] |`);
    }
  }
  const [low, mcp, tessera, parsed] = labels as [string, string, string, string];
  console.log('\nRatios of time per call (1.00 = same; 1.15 = 15% more time per call), wall / CPU:\n');
  console.log('| | 10 tools | 1000 tools |');
  console.log('|---|---:|---:|');
  const ratio = (a: string, b: string, tools: number) =>
    `${(at(a, tools).us / at(b, tools).us).toFixed(2)} / ${(at(a, tools).cpu / at(b, tools).cpu).toFixed(2)}`;
  console.log(`| Tessera ÷ raw low-level Server | ${ratio(tessera, low, 10)} | ${ratio(tessera, low, 1000)} |`);
  console.log(`| Tessera ÷ raw McpServer | ${ratio(tessera, mcp, 10)} | ${ratio(tessera, mcp, 1000)} |`);
  console.log(`| Tessera ÷ raw low-level Server given parsedBody (not a baseline: the SDK's floor) | ${ratio(tessera, parsed, 10)} | ${ratio(tessera, parsed, 1000)} |`);
  for (const label of labels) {
    const growth = `${(at(label, 1000).us / at(label, 10).us).toFixed(2)} / ${(at(label, 1000).cpu / at(label, 10).cpu).toFixed(2)}`;
    console.log(`| ${label}: 1000 tools ÷ 10 tools | ${growth} | |`);
  }
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const { server } of servers) await server.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
