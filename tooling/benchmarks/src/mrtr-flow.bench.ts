/**
 * A multi-round flow in process: `provision({ name })` asks one `@Elicit` question; the client retries
 * with the answer and the sealed `requestState`. Tessera (`@Elicit`, default AES-256-GCM sealing) against
 * the same flow hand-written on the raw SDK low-level Server with the SDK's `createRequestStateCodec`
 * (HMAC) as its `requestState.verify`. Three measurements per server:
 *   - the whole flow: leg 1 (pre-built request) -> read the state -> build and send leg 2 -> check;
 *     the client-side work (parsing leg 1's answer, building leg 2) is the same for both servers;
 *   - leg 1 alone (ask + seal) and leg 2 alone (open + validate + run), both from pre-built requests
 *     (leg 2 replays one state, which both servers accept within its TTL).
 * Each variant runs in a child process of its own (support/isolated.ts); the slices are interleaved.
 *
 *   npm run build && node tooling/benchmarks/dist/mrtr-flow.bench.js
 */
import { runIsolatedBench, timeCells, timeRatio } from './support/isolated-bench';
import { header } from './support/measure';
import { recordSections } from './support/results-file';

const SERVERS = [
  { kind: 'raw', label: 'raw SDK low-level Server + createRequestStateCodec (HMAC)' },
  { kind: 'tessera', label: 'Tessera @Elicit (sealed state, AES-256-GCM)' },
] as const;
const WHAT = [
  { id: 'flow', label: 'completed flow (2 legs)' },
  { id: 'leg1', label: 'leg 1: ask + seal' },
  { id: 'leg2', label: 'leg 2: open + answer + run' },
] as const;

const variants = SERVERS.flatMap(({ kind, label }) =>
  WHAT.map((what) => ({ name: `${label} | ${what.id}`, id: `flow:${kind}:${what.id}` })),
);

runIsolatedBench(variants, (result, options) => {
  const at = (label: string, what: string) => result(`${label} | ${what}`);
  header(
    'A multi-round flow (one @Elicit question, two legs), in process',
    `each variant in its own process; ${options.rounds} interleaved rounds alternating order, ~${options.sliceMs} ms per variant per round, sequential; median [min-max] over rounds`,
  );
  console.log('| Server | What | wall µs | per second (wall) | CPU µs |');
  console.log('|---|---|---:|---:|---:|');
  for (const { label } of SERVERS)
    for (const what of WHAT) console.log(`| ${label} | ${what.label} | ${timeCells(at(label, what.id))} |`);
  const [raw, tessera] = SERVERS.map((s) => s.label) as [string, string];
  console.log('\nTessera ÷ raw SDK, time (1.00 = same), wall / CPU:\n');
  console.log('| | completed flow | leg 1 | leg 2 |');
  console.log('|---|---:|---:|---:|');
  const r = (what: string) => timeRatio(at(tessera, what), at(raw, what));
  console.log(`| Tessera ÷ raw SDK | ${r('flow')} | ${r('leg1')} | ${r('leg2')} |`);
  recordSections({
    'mrtr-flow': {
      title: 'A two-leg @Elicit flow in process',
      metric: 'CPU µs',
      better: 'lower',
      rows: SERVERS.flatMap(({ label }) =>
        WHAT.map((what) => {
          const m = at(label, what.id);
          return { series: label, group: what.label, value: m.cpu, min: m.cpuMin, max: m.cpuMax };
        }),
      ),
    },
  });
});
