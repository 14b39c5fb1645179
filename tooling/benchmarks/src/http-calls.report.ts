import type { SliceResult } from './support/cannon';
import { fmtSpread, mb, spread, type HttpBenchConfig } from './support/http-config';
import { recordSections, type ResultRow } from './support/results-file';
import type { Measured } from './http-calls.part';
import { reportAccelerators } from './http-calls.accelerators';

/** The tables of the HTTP bench's calls part (http-calls.part.ts), printed from the measured slices. */
const LABELS: Record<string, string> = {
  node: 'plain node:http JSON echo (ceiling)',
  'node-busy': 'plain node:http JSON echo, spinning {n} µs per request first (yardstick)',
  raw: 'raw SDK: createMcpHandler + toNodeHandler, low-level Server',
  nest: 'MCP-Nest 2.0.5 (Express, zod)',
  tessera: 'Tessera app.listen',
  'tessera-intercepted': 'Tessera app.listen, a pass-through interceptor (off the direct path)',
  'tessera-sdk': 'Tessera listen, fast path off (SDK node adapter)',
  'tessera-plain': 'Tessera app.listen, accelerators off (TESSERA_ACCELERATORS=off)',
  'tessera-no-validation': 'Tessera app.listen, validation shortcuts off (TESSERA_ACCELERATORS=off:validation)',
  'node-young-1mb': 'plain node:http JSON echo, node --max-semi-space-size=1',
  'tessera-young-1mb': 'Tessera app.listen, node --max-semi-space-size=1',
  'tessera-no-idle-gc': 'Tessera app.listen, idle GC off (no idleGcMs, the default)',
  'tessera-cv-root': "Tessera app.listen, class-validator's root loaded (DTOs importing 'class-validator')",
  'flow-raw': 'raw SDK flow server (low-level Server, HMAC codec)',
  'flow-tessera': 'Tessera @Elicit flow server',
  'flow-tessera-plain': 'Tessera @Elicit flow server, accelerators off (TESSERA_ACCELERATORS=off)',
};

type Slice = SliceResult & { cpuUs: number };
const isPlain = (kind: string) => kind === 'node' || kind === 'node-busy' || kind === 'node-young-1mb';

/** The row's name (with the load, for a flow leg), and its tool count (none for the plain echoes). */
export const label = (m: Measured) =>
  LABELS[m.child.kind]!.replace('{n}', String(m.child.tools)) +
  (m.load.what ? `: ${m.load.what}` : '') +
  (m.child.base ? ' [base build]' : '');
export const toolsCell = (m: Measured) => (isPlain(m.child.kind) ? '-' : String(m.child.tools));

const perRound = (a: Measured, b: Measured, pick: (x: Slice) => number) =>
  spread(a.slices.map((x, r) => pick(x) / pick(b.slices[r]!)));

export function reportCalls(measured: Measured[], config: HttpBenchConfig): void {
  console.log('\n## tools/call over HTTP on 127.0.0.1 (each server in its own process, autocannon)\n');
  console.log(
    `node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString()}; ${config.connections} connections, ` +
      `${config.rounds} interleaved rounds of ${config.seconds} s per server (order reversed every other round); median [min-max] over rounds. ` +
      `Idle RSS: the lowest over ${config.settleSeconds} s at rest with a GC every second; after load: right after the last slice, ` +
      `and ${config.settleSeconds} s later with no GC forced by the bench (Tessera's listeners ask for listen's idle GC, idleGcMs 5000)\n`,
  );
  console.log(
    `| Server | Tools | req/s | p50 ms | p99 ms | server CPU µs/request | idle RSS MB | RSS after load MB | RSS ${config.settleSeconds} s after load MB | that ÷ idle |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const m of measured) {
    const s = m.slices;
    console.log(
      `| ${label(m)} | ${toolsCell(m)} | ${fmtSpread(spread(s.map((x) => x.perSecond)))} | ` +
        `${spread(s.map((x) => x.p50)).median.toFixed(1)} | ${fmtSpread(spread(s.map((x) => x.p99)))} | ${fmtSpread(spread(s.map((x) => x.cpuUs)))} | ` +
        `${mb(m.idleRss)} | ${mb(m.loadedRss)} | ${mb(m.afterRestRss)} | ${(m.afterRestRss / m.idleRss).toFixed(2)} |`,
    );
  }
  // Ratios are taken round by round (servers of one round ran side by side), then summarised.
  // this build's server of a kind, or (base) the base build's (BENCH_HTTP_BASE)
  const find = (kind: string, tools: number, base = false) =>
    measured.find(
      (m) =>
        m.child.kind === kind && (kind === 'node' || m.child.tools === tools) && !m.load.what && m.child.base === base,
    );
  console.log(
    '\nRatios, per round then median [min-max]: req/s (above 1 = serves more), p99 and server CPU per request (below 1 = less), idle RSS:\n',
  );
  console.log(
    '| Server | Tools | req/s ÷ raw SDK | req/s ÷ MCP-Nest | req/s ÷ node:http | p99 ÷ raw SDK | p99 ÷ node:http | CPU ÷ raw SDK | CPU ÷ node:http | idle RSS ÷ raw SDK |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const m of measured) {
    if (m.child.kind === 'node' || m.child.kind === 'raw' || m.load.what) continue;
    // the yardstick has no MCP counterpart: only its share of the bare echo
    const raw = isPlain(m.child.kind) ? undefined : find('raw', m.child.tools);
    const nest = isPlain(m.child.kind) ? undefined : find('nest', m.child.tools);
    const node = find('node', 0);
    const cell = (other: Measured | undefined, pick: (x: Slice) => number) =>
      other ? fmtSpread(perRound(m, other, pick), 2) : '-';
    console.log(
      `| ${label(m)} | ${toolsCell(m)} | ${cell(raw, (x) => x.perSecond)} | ${m.child.kind === 'nest' ? '-' : cell(nest, (x) => x.perSecond)} | ` +
        `${cell(node, (x) => x.perSecond)} | ${cell(raw, (x) => x.p99)} | ${cell(node, (x) => x.p99)} | ${cell(raw, (x) => x.cpuUs)} | ` +
        `${cell(node, (x) => x.cpuUs)} | ${raw ? (m.idleRss / raw.idleRss).toFixed(2) : '-'} |`,
    );
  }
  reportLegs(measured, find);
  reportAccelerators(measured, config, find);
  reportReads(measured);
  if (config.tools.length > 1) reportToolCount(measured, config, find);
  if (config.base !== undefined) reportAgainstBase(measured, config.base);
}

/** This build against the base checkout's (BENCH_HTTP_BASE), each load of each Tessera server, per round. */
function reportAgainstBase(measured: Measured[], base: string): void {
  console.log(`\nThis build ÷ the base build (${base}), per round then median [min-max] (below 1 = less):\n`);
  console.log('| Server | Tools | server CPU µs/request, base -> this | server CPU | req/s | p99 |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const m of measured) {
    if (m.child.base) continue;
    const twin = measured.find(
      (o) =>
        o.child.base && o.child.kind === m.child.kind && o.child.tools === m.child.tools && o.load.what === m.load.what,
    );
    if (!twin) continue;
    const cpu = (x: Measured) => spread(x.slices.map((s) => s.cpuUs)).median.toFixed(1);
    const cell = (pick: (x: Slice) => number) => fmtSpread(perRound(m, twin, pick), 2);
    console.log(
      `| ${label(m)} | ${toolsCell(m)} | ${cpu(twin)} -> ${cpu(m)} | ${cell((x) => x.cpuUs)} | ${cell((x) => x.perSecond)} | ${cell((x) => x.p99)} |`,
    );
  }
}

/** Server CPU per flow leg against the plain call of the same stack (its fewest-tools echo server), per round. */
function reportLegs(
  measured: Measured[],
  find: (kind: string, tools: number, base?: boolean) => Measured | undefined,
): void {
  const legs = measured.filter((m) => m.load.what && m.child.kind.startsWith('flow-'));
  if (!legs.length) return;
  const fewest = Math.min(...measured.filter((m) => !m.load.what && m.child.tools > 0).map((m) => m.child.tools));
  const plainOf: Record<string, string> = { 'flow-tessera': 'tessera', 'flow-raw': 'raw' };
  console.log(
    `\nA flow leg against a plain call: server CPU per request, per round then median [min-max] (the plain call: the same stack's echo with ${fewest} tools; 1.00 = a leg costs what a plain call costs):\n`,
  );
  console.log('| Flow leg | CPU ÷ plain call, same stack | CPU ÷ the raw SDK leg |');
  console.log('|---|---:|---:|');
  for (const leg of legs) {
    const plain = find(plainOf[leg.child.kind]!, fewest, leg.child.base);
    const rawLeg = legs.find((o) => o.child.kind === 'flow-raw' && o.load.what === leg.load.what);
    console.log(
      `| ${label(leg)} | ${
        plain
          ? fmtSpread(
              perRound(leg, plain, (x) => x.cpuUs),
              2,
            )
          : '-'
      } | ` +
        `${
          rawLeg && rawLeg !== leg
            ? fmtSpread(
                perRound(leg, rawLeg, (x) => x.cpuUs),
                2,
              )
            : '-'
        } |`,
    );
  }
}

/** A prompt and a resource read on the lane against the same read on the SDK path (`BENCH_HTTP_READS=1`). */
function reportReads(measured: Measured[]): void {
  const reads = measured.filter((m) => m.load.what && m.child.kind === 'tessera' && !m.child.base);
  if (!reads.length) return;
  console.log(
    '\nA read on the lane against the same read with the fast path off (the SDK path), per round then median [min-max]:\n',
  );
  console.log('| Read | Tools | req/s ÷ SDK path | server CPU ÷ SDK path | server CPU ÷ plain call, lane |');
  console.log('|---|---:|---:|---:|---:|');
  for (const read of reads) {
    const same = (kind: string, what: string) =>
      measured.find(
        (m) => m.child.kind === kind && m.child.tools === read.child.tools && m.load.what === what && !m.child.base,
      );
    const sdk = same('tessera-sdk', read.load.what);
    const plain = same('tessera', '');
    const cell = (other: Measured | undefined, pick: (x: Slice) => number) =>
      other ? fmtSpread(perRound(read, other, pick), 2) : '-';
    console.log(
      `| ${read.load.what} | ${read.child.tools} | ${cell(sdk, (x) => x.perSecond)} | ${cell(sdk, (x) => x.cpuUs)} | ${cell(plain, (x) => x.cpuUs)} |`,
    );
  }
}

function reportToolCount(
  measured: Measured[],
  config: HttpBenchConfig,
  find: (kind: string, tools: number) => Measured | undefined,
): void {
  const [few, many] = [Math.min(...config.tools), Math.max(...config.tools)];
  console.log(
    `\n${many} tools ÷ ${few} tools, per round then median [min-max] (1.00 = the tool count costs nothing):\n`,
  );
  console.log('| Server | req/s | server CPU per request |');
  console.log('|---|---:|---:|');
  for (const kind of new Set(measured.map((m) => m.child.kind))) {
    const a = find(kind, many);
    const b = find(kind, few);
    if (isPlain(kind) || !a || !b) continue;
    console.log(
      `| ${LABELS[kind]} | ${fmtSpread(
        perRound(a, b, (x) => x.perSecond),
        2,
      )} | ${fmtSpread(
        perRound(a, b, (x) => x.cpuUs),
        2,
      )} |`,
    );
  }
}

/** The calls part's figures for the results file: each server's plain tools/call (not the reads, legs or base build). */
export function recordCalls(measured: Measured[]): void {
  const plain = measured.filter((m) => !m.load.what && !m.child.base);
  const row = (m: Measured, values: number[]): ResultRow => {
    const s = spread(values);
    const tools = toolsCell(m);
    return {
      series: label(m),
      group: tools === '-' ? 'no MCP' : `${tools} tools`,
      value: s.median,
      min: s.min,
      max: s.max,
    };
  };
  recordSections({
    'http-calls-rps': {
      title: 'tools/call over HTTP on 127.0.0.1, 50 connections',
      metric: 'requests per second',
      better: 'higher',
      rows: plain.map((m) =>
        row(
          m,
          m.slices.map((x) => x.perSecond),
        ),
      ),
    },
    'http-calls-cpu': {
      title: "tools/call over HTTP: the server's CPU per request",
      metric: 'server CPU µs per request',
      better: 'lower',
      rows: plain.map((m) =>
        row(
          m,
          m.slices.map((x) => x.cpuUs),
        ),
      ),
    },
  });
}
