import type { ServerKind } from './http-server';
import { ECHO_CALL, ECHO_TEXT } from './support/echo-servers';
import { fmtSpread, spread, type HttpBenchConfig } from './support/http-config';
import { verdictLine, type AcceleratorEvidence } from './support/accelerator-verdict';
import { recordSections } from './support/results-file';
import { startServer, type ServerChild } from './support/server-child';
import { envelopeBody, envelopeHeaders, parseAnswer } from './support/wire';

/**
 * Part 0 of the HTTP bench, cold start: from the moment the server's process is forked to the first
 * `tools/call` of `echo` answered over loopback HTTP (node's own start, the stack's imports, building the
 * app with 10 or 1000 tools, listening, the first call through cold code). Each start is a new process;
 * the kinds take turns round by round (order reversed every other round), after one untimed start each so
 * that the files are in the OS's page cache for everyone.
 */
const COLD_KINDS: Array<{ kind: ServerKind; label: string }> = [
  { kind: 'node', label: 'plain node:http JSON echo (the floor: node itself)' },
  { kind: 'raw', label: 'raw SDK: createMcpHandler + toNodeHandler, low-level Server' },
  { kind: 'nest', label: 'MCP-Nest 2.0.5 (Express, zod)' },
  { kind: 'tessera', label: 'Tessera app.listen' },
  { kind: 'tessera-plain', label: 'Tessera app.listen, accelerators off (TESSERA_ACCELERATORS=off)' },
  {
    kind: 'tessera-no-validation',
    label: 'Tessera app.listen, validation shortcuts off (TESSERA_ACCELERATORS=off:validation)',
  },
  {
    kind: 'tessera-cv-root',
    label: "Tessera app.listen, class-validator's root loaded (DTOs importing 'class-validator')",
  },
];

/** Each server-side accelerator that changes what a cold start loads, on (`tessera`) and off, for the verdicts. */
const COLD_ACCELERATORS: Array<{ name: string; off: ServerKind }> = [
  { name: 'core: the validation shortcuts (TESSERA_ACCELERATORS=off:validation)', off: 'tessera-no-validation' },
  { name: 'core: every accelerator (TESSERA_ACCELERATORS=off)', off: 'tessera-plain' },
];

export interface ColdStart {
  /** Fork to the server's URL reported (listening). */
  listeningMs: number;
  /** Fork to the first tools/call answered in full. */
  answeredMs: number;
  /**
   * The server's own CPU time (user + system, all threads) from its start to that answer: unlike the wall
   * time, it does not grow when other work on the machine delays the process.
   */
  cpuMs: number;
}

/** One cold start of `kind`; `start` forks the server (this build's by default, another checkout's in cold-ab.ts). */
export async function coldStart(
  kind: ServerKind,
  tools: number,
  start: (kind: ServerKind, tools: number) => Promise<ServerChild> = startServer,
): Promise<ColdStart> {
  const started = process.hrtime.bigint();
  const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
  const child = await start(kind, tools);
  try {
    const listeningMs = ms();
    const response = await fetch(child.url, {
      method: 'POST',
      headers: envelopeHeaders(ECHO_CALL),
      body: envelopeBody(ECHO_CALL),
    });
    const text = parseAnswer(await response.text()).result?.content?.[0]?.text;
    const answeredMs = ms();
    if (text !== ECHO_TEXT) throw new Error(`${kind} (${tools} tools), cold: unexpected answer ${text}`);
    return { listeningMs, answeredMs, cpuMs: (await child.cpu()) / 1000 };
  } finally {
    await child.stop();
  }
}

export async function coldPart(config: HttpBenchConfig): Promise<void> {
  const variants: Array<{ kind: ServerKind; label: string; tools: number; starts: ColdStart[] }> = COLD_KINDS.filter(
    ({ kind }) => config.kinds.includes(kind as HttpBenchConfig['kinds'][number]),
  ).flatMap(({ kind, label }) =>
    (kind === 'node' ? [0] : config.tools).map((tools) => ({ kind, label, tools, starts: [] })),
  );
  for (const v of variants) await coldStart(v.kind, v.tools); // page cache warm for every kind
  for (let round = 0; round < config.rounds; round++) {
    const order = variants.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) variants[i]!.starts.push(await coldStart(variants[i]!.kind, variants[i]!.tools));
  }
  console.log('\n## Cold start: process forked to the first tools/call answered over HTTP\n');
  console.log(
    `node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString()}; one new process per start, ` +
      `${config.rounds} interleaved rounds (order reversed every other round) after one untimed start each; median [min-max] over rounds\n`,
  );
  console.log(
    '| Server | Tools | to listening, ms | to first tools/call answered, ms | ÷ raw SDK (per round) | server CPU to that answer, ms | ÷ raw SDK (per round) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const v of variants) {
    const raw = variants.find((o) => o.kind === 'raw' && o.tools === v.tools);
    const ratio = (pick: (s: ColdStart) => number) =>
      raw && v.kind !== 'raw' && v.kind !== 'node'
        ? fmtSpread(spread(v.starts.map((s, r) => pick(s) / pick(raw.starts[r]!))), 2)
        : '-';
    console.log(
      `| ${v.label} | ${v.kind === 'node' ? '-' : v.tools} | ${fmtSpread(spread(v.starts.map((s) => s.listeningMs)))} | ` +
        `${fmtSpread(spread(v.starts.map((s) => s.answeredMs)))} | ${ratio((s) => s.answeredMs)} | ` +
        `${fmtSpread(spread(v.starts.map((s) => s.cpuMs)))} | ${ratio((s) => s.cpuMs)} |`,
    );
  }
  const coldVerdicts = COLD_ACCELERATORS.map(({ name, off }) => ({
    name,
    evidence: config.tools.flatMap((tools): AcceleratorEvidence[] => {
      const on = variants.find((v) => v.kind === 'tessera' && v.tools === tools);
      const without = variants.find((v) => v.kind === off && v.tools === tools);
      if (!on || !without) return [];
      const cpu = (v: typeof on) => v.starts.map((s) => s.cpuMs);
      return [{ where: `${tools} tools`, on: cpu(on), off: cpu(without), better: 'lower' }];
    }),
  })).filter(({ evidence }) => evidence.length > 0);
  if (coldVerdicts.length > 0) {
    console.log('\nVerdicts (server CPU to the first answer, the same rounds; README, accelerators on and off):\n');
    for (const { name, evidence } of coldVerdicts) console.log(verdictLine(name, 'cold CPU', evidence));
  }
  recordSections({
    'cold-start': {
      title: 'Cold start: process forked to the first tools/call answered over HTTP',
      metric: 'server CPU ms to the first answer',
      better: 'lower',
      rows: variants.map((v) => {
        const s = spread(v.starts.map((start) => start.cpuMs));
        return {
          series: v.label,
          group: v.kind === 'node' ? 'no MCP' : `${v.tools} tools`,
          value: s.median,
          min: s.min,
          max: s.max,
        };
      }),
    },
  });
}
