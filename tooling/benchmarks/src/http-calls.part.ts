import type { ServerKind } from './http-server';
import { cannon, type SliceResult } from './support/cannon';
import { ECHO_CALL, ECHO_TEXT } from './support/echo-servers';
import { legLoads, type Load } from './support/flow-legs';
import { READ_CALLS } from './support/reads.provider';
import type { HttpBenchConfig } from './support/http-config';
import { restingMemory } from './support/resting-memory';
import { startServer, type ServerChild } from './support/server-child';
import { envelopeBody, envelopeHeaders, parseAnswer } from './support/wire';
import { label, recordCalls, reportCalls, toolsCell } from './http-calls.report';

/**
 * Part 1 of the HTTP bench: `tools/call` of the trivial `echo` tool at `connections` connections, every
 * server in its own child process, slices interleaved (order reversed every other round): req/s, p50/p99,
 * server CPU per request. The flow servers (`flow-raw`, `flow-tessera`) take part with each leg of the
 * one-question flow as a load of its own, so a leg's CPU is measured the same way as a plain call's.
 * Idle RSS is read after start and one call, every server at rest over the same `settleSeconds` side by side
 * (restingMemory: V8 returns the pages of a start-up's garbage only once its memory reducer runs, so a server
 * read right after it started, the last one started, would look bigger than one read later); RSS is read
 * again right after the last slice, and once more `settleSeconds` later without any GC forced by the bench
 * (what a user of the server would see once a burst is over; the Tessera kinds ask for `listen`'s idle GC,
 * off by default, which the `tessera-no-idle-gc` kind leaves off).
 */
export interface Measured {
  child: ServerChild;
  load: Load;
  slices: Array<SliceResult & { cpuUs: number }>;
  idleRss: number;
  loadedRss: number;
  /** RSS `settleSeconds` after the last slice, no GC forced by the bench. */
  afterRestRss: number;
}

const ECHO_LOAD: Load = { what: '', headers: envelopeHeaders(ECHO_CALL), body: envelopeBody(ECHO_CALL) };
const isFlow = (kind: string) => kind.startsWith('flow-');
const isTessera = (kind: ServerKind) => kind.startsWith('tessera') || kind.startsWith('flow-tessera');

async function slice(m: Measured, config: HttpBenchConfig, seconds: number) {
  // a leg 2 body carries a sealed state: take a fresh one for every slice, so none is near its expiry
  if (isFlow(m.child.kind)) m.load = (await legLoads(m.child.url)).find((l) => l.what === m.load.what)!;
  const before = await m.child.cpu();
  const result = await cannon({
    url: m.child.url,
    headers: m.load.headers,
    body: m.load.body,
    connections: config.connections,
    seconds,
  });
  const after = await m.child.cpu();
  return { ...result, cpuUs: (after - before) / result.requests };
}

/** The Tessera kinds' prompt and static resource reads (reads.provider.ts), when the bench is asked for them. */
const READ_LOADS: Load[] = (['prompts/get', 'resources/read'] as const).map((what) => ({
  what,
  headers: envelopeHeaders(READ_CALLS[what]!),
  body: envelopeBody(READ_CALLS[what]!),
}));
const servesReads = (kind: string) => kind === 'tessera' || kind === 'tessera-sdk';

async function firstAnswer(child: ServerChild, config: HttpBenchConfig): Promise<Load[]> {
  if (isFlow(child.kind)) return legLoads(child.url);
  const response = await fetch(child.url, { method: 'POST', headers: ECHO_LOAD.headers, body: ECHO_LOAD.body });
  const text = parseAnswer(await response.text()).result?.content?.[0]?.text;
  if (text !== ECHO_TEXT) throw new Error(`${child.kind} (${child.tools} tools): unexpected answer ${text}`);
  if (!config.reads || !servesReads(child.kind)) return [ECHO_LOAD];
  for (const load of READ_LOADS) {
    const answer = await fetch(child.url, { method: 'POST', headers: load.headers, body: load.body });
    const read = parseAnswer(await answer.text());
    if (!read.result)
      throw new Error(`${child.kind} (${child.tools} tools): ${load.what} failed: ${JSON.stringify(read)}`);
  }
  return [ECHO_LOAD, ...READ_LOADS];
}

export async function callsPart(config: HttpBenchConfig): Promise<void> {
  const children: ServerChild[] = [];
  try {
    for (const kind of config.kinds) {
      if (kind === 'node' || kind === 'node-young-1mb') children.push(await startServer(kind, 0));
      else if (kind === 'node-busy') children.push(await startServer('node-busy', config.busyMicros));
      else if (isFlow(kind)) children.push(await startServer(kind, 1));
      else for (const tools of config.tools) children.push(await startServer(kind as ServerKind, tools));
      // the same kind from the base checkout's build, measured in the same rounds
      if (config.base !== undefined && isTessera(kind)) {
        if (isFlow(kind)) children.push(await startServer(kind, 1, [], config.base));
        else for (const tools of config.tools) children.push(await startServer(kind, tools, [], config.base));
      }
    }
    const loads: Load[][] = [];
    for (const child of children) loads.push(await firstAnswer(child, config));
    // every server at rest over the same seconds, side by side (restingMemory)
    const idle = await Promise.all(children.map((child) => restingMemory(child, config.settleSeconds)));
    const measured: Measured[] = children.flatMap((child, i) =>
      loads[i]!.map((load) => ({ child, load, slices: [], idleRss: idle[i]!.rss, loadedRss: 0, afterRestRss: 0 })),
    );
    for (const m of measured) await slice(m, config, config.warmupSeconds);
    for (let round = 0; round < config.rounds; round++) {
      const order = measured.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) measured[i]!.slices.push(await slice(measured[i]!, config, config.seconds));
    }
    const loaded = await Promise.all(children.map((child) => child.memory(false)));
    await new Promise((resolve) => setTimeout(resolve, config.settleSeconds * 1000));
    const rested = await Promise.all(children.map((child) => child.memory(false)));
    for (const m of measured) {
      const i = children.indexOf(m.child);
      m.loadedRss = loaded[i]!.rss;
      m.afterRestRss = rested[i]!.rss;
    }
    reportCalls(measured, config);
    recordCalls(measured);
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
    if (isFlow(m.child.kind)) m.load = (await legLoads(m.child.url)).find((l) => l.what === m.load.what)!;
    await m.child.workStart();
    await cannon({ url: m.child.url, headers: m.load.headers, body: m.load.body, connections: 1, amount: REQUESTS });
    const { calls, bytes } = await m.child.workStop();
    console.log(
      `| ${label(m)} | ${toolsCell(m)} | ${Math.round(calls / REQUESTS)} | ${(bytes / REQUESTS / 1024).toFixed(1)} |`,
    );
  }
}
