import { verdictLine, acceleratorGain, type AcceleratorEvidence } from './support/accelerator-verdict';
import { fmtSpread, spread, type HttpBenchConfig } from './support/http-config';
import { recordSections, type ResultRow } from './support/results-file';
import type { Measured } from './http-calls.part';

/**
 * The calls part's accelerators on and off (http-calls.report.ts prints it after the ratios): each server-side
 * accelerator is the `tessera` server against the same server with it off, in the same rounds. Ratios to the raw
 * SDK for each, a verdict per accelerator, and both written to the results file (`accelerators-calls`,
 * `accelerators-vs-raw-sdk`).
 */
export const SERVER_ACCELERATORS = [
  { name: "core: the HTTP lane (listen's fastPath: false)", off: 'tessera-sdk' },
  { name: 'core: the validation shortcuts (TESSERA_ACCELERATORS=off:validation)', off: 'tessera-no-validation' },
  { name: 'core: every accelerator (TESSERA_ACCELERATORS=off)', off: 'tessera-plain' },
] as const;

const ON = 'tessera';
const STACKS: Record<string, string> = {
  tessera: 'Tessera, accelerators on',
  'tessera-sdk': 'Tessera, the lane off',
  'tessera-no-validation': 'Tessera, the validation shortcuts off',
  'tessera-plain': 'Tessera, accelerators off',
};

type Find = (kind: string, tools: number) => Measured | undefined;

export function reportAccelerators(measured: Measured[], config: HttpBenchConfig, find: Find): void {
  const switches = SERVER_ACCELERATORS.filter(({ off }) => config.tools.some((tools) => find(off, tools)));
  if (!switches.length || !config.tools.some((tools) => find(ON, tools))) return;
  const perRound = (a: Measured, b: Measured, pick: (x: Measured['slices'][number]) => number) =>
    spread(a.slices.map((x, r) => pick(x) / pick(b.slices[r]!)));

  console.log('\n## Accelerators on and off, same rounds\n');
  console.log('Each stack against the raw SDK, per round then median [min-max]:\n');
  console.log('| Stack | Tools | req/s ÷ raw SDK | server CPU ÷ raw SDK | idle RSS ÷ raw SDK |');
  console.log('|---|---:|---:|---:|---:|');
  const vsRaw: ResultRow[] = [];
  for (const kind of Object.keys(STACKS)) {
    for (const tools of config.tools) {
      const m = find(kind, tools);
      const raw = find('raw', tools);
      if (!m || !raw) continue;
      const rps = perRound(m, raw, (x) => x.perSecond);
      vsRaw.push({ series: STACKS[kind]!, group: `${tools} tools`, value: rps.median, min: rps.min, max: rps.max });
      console.log(
        `| ${STACKS[kind]} | ${tools} | ${fmtSpread(rps, 2)} | ${fmtSpread(
          perRound(m, raw, (x) => x.cpuUs),
          2,
        )} | ${(m.idleRss / raw.idleRss).toFixed(2)} |`,
      );
    }
  }

  console.log(
    "\nVerdicts (an accelerator's gain per round against the run-to-run spread of the rounds; README, accelerators on and off):\n",
  );
  const gains: ResultRow[] = [];
  for (const { name, off } of switches) {
    const evidence: AcceleratorEvidence[] = [];
    for (const tools of config.tools) {
      const on = find(ON, tools);
      const without = find(off, tools);
      if (!on || !without) continue;
      evidence.push({
        where: `${tools} tools`,
        on: on.slices.map((x) => x.perSecond),
        off: without.slices.map((x) => x.perSecond),
        better: 'higher',
      });
      const cpu = acceleratorGain({
        where: `${tools} tools`,
        on: on.slices.map((x) => x.cpuUs),
        off: without.slices.map((x) => x.cpuUs),
        better: 'lower',
      });
      const rps = acceleratorGain(evidence[evidence.length - 1]!);
      gains.push({ series: name, group: `${tools} tools, req/s`, value: rps.gain.median, ...range(rps.gain) });
      gains.push({ series: name, group: `${tools} tools, server CPU`, value: cpu.gain.median, ...range(cpu.gain) });
    }
    console.log(verdictLine(name, 'req/s', evidence));
  }
  if (config.rounds < 3) console.log('\n(fewer than 3 rounds: the spread is not measured well enough for a verdict)');

  recordSections({
    'accelerators-calls': {
      title: 'tools/call over HTTP: what each accelerator gains (on ÷ off, same rounds)',
      metric: 'gain with the accelerator on (1 = none)',
      better: 'higher',
      rows: gains,
    },
    'accelerators-vs-raw-sdk': {
      title: 'tools/call over HTTP with the accelerators on and off, against the raw SDK',
      metric: 'req/s ÷ raw SDK, per round',
      better: 'higher',
      rows: vsRaw,
    },
  });
}

const range = (s: { min: number; max: number }) => ({ min: s.min, max: s.max });
