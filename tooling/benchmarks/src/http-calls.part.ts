import type { ServerKind } from './http-server';
import { cannon, type SliceResult } from './support/cannon';
import { ECHO_CALL } from './support/echo-servers';
import { fmtSpread, mb, spread, type HttpBenchConfig } from './support/http-config';
import { restingMemory } from './support/resting-memory';
import { startServer, type ServerChild } from './support/server-child';
import { envelopeBody, envelopeHeaders, parseAnswer } from './support/wire';

/**
 * Part 1 of the HTTP bench: `tools/call` of the trivial `echo` tool at `connections` connections, every
 * server in its own child process, slices interleaved (order reversed every other round): req/s, p50/p99,
 * server CPU per request; idle RSS and RSS right after the last slice. Idle RSS is read after start and one
 * call, every server at rest over the same `settleSeconds` side by side (restingMemory: V8 returns the pages
 * of a start-up's garbage only once its memory reducer runs, so a server read right after it started, the
 * last one started, would look bigger than one read later).
 */
const LABELS: Record<string, string> = {
  node: 'plain node:http JSON echo (ceiling)',
  'node-busy': 'plain node:http JSON echo, spinning {n} µs per request first (yardstick)',
  raw: 'raw SDK: createMcpHandler + toNodeHandler, low-level Server',
  nest: 'MCP-Nest 2.0.5 (Express, zod)',
  tessera: 'Tessera app.listen',
  'tessera-intercepted': 'Tessera app.listen, a pass-through interceptor (off the direct path)',
  'tessera-sdk': 'Tessera listen, fast path off (SDK node adapter)',
};

/** The row's name, and its tool count (none for the plain echoes; the yardstick's number is its µs of work). */
const label = (child: ServerChild) => LABELS[child.kind]!.replace('{n}', String(child.tools));
const isPlain = (kind: string) => kind === 'node' || kind === 'node-busy';
const toolsCell = (child: ServerChild) => (isPlain(child.kind) ? '-' : String(child.tools));

interface Measured {
  child: ServerChild;
  slices: Array<SliceResult & { cpuUs: number }>;
  idleRss: number;
  loadedRss: number;
}

async function slice(child: ServerChild, config: HttpBenchConfig, seconds: number) {
  const before = await child.cpu();
  const result = await cannon({
    url: child.url,
    headers: envelopeHeaders(ECHO_CALL),
    body: envelopeBody(ECHO_CALL),
    connections: config.connections,
    seconds,
  });
  const after = await child.cpu();
  return { ...result, cpuUs: (after - before) / result.requests };
}

export async function callsPart(config: HttpBenchConfig): Promise<void> {
  const children: ServerChild[] = [];
  try {
    for (const kind of config.kinds) {
      if (kind === 'node') children.push(await startServer('node', 0));
      else if (kind === 'node-busy') children.push(await startServer('node-busy', config.busyMicros));
      else for (const tools of config.tools) children.push(await startServer(kind as ServerKind, tools));
    }
    for (const child of children) {
      const response = await fetch(child.url, {
        method: 'POST',
        headers: envelopeHeaders(ECHO_CALL),
        body: envelopeBody(ECHO_CALL),
      });
      const text = parseAnswer(await response.text()).result?.content?.[0]?.text;
      if (text !== 'hello') throw new Error(`${child.kind} (${child.tools} tools): unexpected answer ${text}`);
    }
    // every server at rest over the same seconds, side by side (restingMemory)
    const idle = await Promise.all(children.map((child) => restingMemory(child, config.settleSeconds)));
    const measured: Measured[] = children.map((child, i) => ({
      child,
      slices: [],
      idleRss: idle[i]!.rss,
      loadedRss: 0,
    }));
    for (const m of measured) await slice(m.child, config, config.warmupSeconds);
    for (let round = 0; round < config.rounds; round++) {
      const order = measured.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) measured[i]!.slices.push(await slice(measured[i]!.child, config, config.seconds));
    }
    for (const m of measured) m.loadedRss = (await m.child.memory(false)).rss;
    report(measured, config);
    await reportWork(measured);
  } finally {
    for (const child of children) child.kill();
  }
}

/**
 * After the timed part (counting deoptimises the server's code): the work each server does per request,
 * counted, which the machine's load cannot blur: JavaScript function calls (exact) and bytes allocated.
 */
async function reportWork(measured: Measured[]): Promise<void> {
  const REQUESTS = 200;
  console.log(
    `\nWork per request, counted in the server over ${REQUESTS} sequential requests (independent of the machine's load):\n`,
  );
  console.log('| Server | Tools | JS function calls | KB allocated |');
  console.log('|---|---:|---:|---:|');
  for (const m of measured) {
    if (m.child.kind === 'node-busy') continue; // its work is a spin: counting its calls would say nothing
    await m.child.workStart();
    await cannon({
      url: m.child.url,
      headers: envelopeHeaders(ECHO_CALL),
      body: envelopeBody(ECHO_CALL),
      connections: 1,
      amount: REQUESTS,
    });
    const { calls, bytes } = await m.child.workStop();
    console.log(
      `| ${label(m.child)} | ${toolsCell(m.child)} | ${Math.round(calls / REQUESTS)} | ${(bytes / REQUESTS / 1024).toFixed(1)} |`,
    );
  }
}

function report(measured: Measured[], config: HttpBenchConfig): void {
  console.log('\n## tools/call over HTTP on 127.0.0.1 (each server in its own process, autocannon)\n');
  console.log(
    `node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString()}; ${config.connections} connections, ` +
      `${config.rounds} interleaved rounds of ${config.seconds} s per server (order reversed every other round); median [min-max] over rounds\n`,
  );
  console.log('| Server | Tools | req/s | p50 ms | p99 ms | server CPU µs/request | idle RSS MB | RSS after load MB |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const m of measured) {
    const s = m.slices;
    console.log(
      `| ${label(m.child)} | ${toolsCell(m.child)} | ${fmtSpread(spread(s.map((x) => x.perSecond)))} | ` +
        `${spread(s.map((x) => x.p50)).median.toFixed(1)} | ${fmtSpread(spread(s.map((x) => x.p99)))} | ${fmtSpread(spread(s.map((x) => x.cpuUs)))} | ` +
        `${mb(m.idleRss)} | ${mb(m.loadedRss)} |`,
    );
  }
  // Ratios are taken round by round (servers of one round ran side by side), then summarised.
  const find = (kind: string, tools: number) =>
    measured.find((m) => m.child.kind === kind && (kind === 'node' || m.child.tools === tools));
  const perRound = (a: Measured, b: Measured, pick: (x: SliceResult & { cpuUs: number }) => number) =>
    spread(a.slices.map((x, r) => pick(x) / pick(b.slices[r]!)));
  console.log(
    '\nRatios, per round then median [min-max]: req/s (above 1 = serves more), p99 and server CPU per request (below 1 = less), idle RSS:\n',
  );
  console.log(
    '| Server | Tools | req/s ÷ raw SDK | req/s ÷ MCP-Nest | req/s ÷ node:http | p99 ÷ raw SDK | CPU ÷ raw SDK | idle RSS ÷ raw SDK |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const m of measured) {
    if (m.child.kind === 'node' || m.child.kind === 'raw') continue;
    // the yardstick has no MCP counterpart: only its share of the bare echo
    const raw = isPlain(m.child.kind) ? undefined : find('raw', m.child.tools);
    const nest = isPlain(m.child.kind) ? undefined : find('nest', m.child.tools);
    const node = find('node', 0);
    const cell = (other: Measured | undefined, pick: (x: SliceResult & { cpuUs: number }) => number) =>
      other ? fmtSpread(perRound(m, other, pick), 2) : '-';
    console.log(
      `| ${label(m.child)} | ${toolsCell(m.child)} | ${cell(raw, (x) => x.perSecond)} | ${m.child.kind === 'nest' ? '-' : cell(nest, (x) => x.perSecond)} | ` +
        `${cell(node, (x) => x.perSecond)} | ${cell(raw, (x) => x.p99)} | ${cell(raw, (x) => x.cpuUs)} | ${raw ? (m.idleRss / raw.idleRss).toFixed(2) : '-'} |`,
    );
  }
  if (config.tools.length > 1) {
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
}
