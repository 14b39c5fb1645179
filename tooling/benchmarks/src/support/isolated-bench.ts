import { isolated } from './isolated';
import { envOptions, fmtRate, fmtUs, measure, type Measured, type MeasureOptions, type Runner } from './measure';

/** One variant of an in-process bench: its row name, and the server-child id it runs (see server-child.ts). */
export interface IsolatedVariant {
  name: string;
  id: string;
}

/**
 * The frame shared by the in-process benches: every variant in a child process of its own, interleaved
 * slices (BENCH_ROUNDS, BENCH_SLICE_MS, BENCH_WARMUP_MS override the defaults), then `report` prints the
 * tables from the results by name; the children are closed whatever happens, and a failure exits 1.
 */
export function runIsolatedBench(
  variants: readonly IsolatedVariant[],
  report: (at: (name: string) => Measured, options: MeasureOptions) => void,
): void {
  const run = async () => {
    const options = envOptions({ rounds: 25, sliceMs: 120, warmupMs: 1000 });
    const started = Date.now();
    const runners: Runner[] = [];
    try {
      for (const { name, id } of variants) runners.push(await isolated(name, id));
      const results = await measure(runners, options);
      report((name) => {
        const found = results.find((r) => r.name === name);
        if (found === undefined) throw new Error(`no result for variant "${name}"`);
        return found;
      }, options);
      console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } finally {
      for (const runner of runners) await runner.close?.();
    }
  };
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/** A row's three time cells: wall µs [min-max], rate per second (wall), CPU µs [min-max]. */
export function timeCells(m: Measured): string {
  return `${fmtUs(m.us)} [${fmtUs(m.min)}-${fmtUs(m.max)}] | ${fmtRate(m.us)} | ${fmtUs(m.cpu)} [${fmtUs(m.cpuMin)}-${fmtUs(m.cpuMax)}]`;
}

/** `a ÷ b` of wall time and of CPU time, as `wall / CPU` (1.00 = same). */
export function timeRatio(a: Measured, b: Measured): string {
  return `${(a.us / b.us).toFixed(2)} / ${(a.cpu / b.cpu).toFixed(2)}`;
}
