/**
 * Timing harness for in-process benchmarks: each variant is warmed up (JIT, caches), its operation count
 * per round is calibrated to a time slice, then the variants run in rounds whose order alternates
 * (forward, reversed, ...) so that drift (thermal, other processes, GC pressure) hits them alike. The
 * figure reported per variant is the median over rounds, with the spread alongside.
 *
 * Two clocks: wall time, and this process's CPU time (user + system, all threads: GC helpers and
 * WebCrypto workers included). On a machine shared with other work, wall time also counts the time the
 * process waited for a core; CPU time does not, so its ratios are the steadier ones.
 */
export interface Variant<B = unknown> {
  name: string;
  /** Builds what `run` consumes for n operations (pre-built requests); not timed. */
  prepare(n: number): B;
  /** Runs n operations, one after the other; timed. */
  run(batch: B): Promise<void>;
}

export interface MeasureOptions {
  rounds: number;
  /** Target duration of one variant's slice in one round. */
  sliceMs: number;
  warmupMs: number;
  /** Operation count bounds per slice. */
  minOps?: number;
  maxOps?: number;
}

export interface Measured {
  name: string;
  /** Median wall-clock µs per operation over the rounds. */
  us: number;
  min: number;
  max: number;
  /** Median process CPU µs per operation over the rounds. */
  cpu: number;
  cpuMin: number;
  cpuMax: number;
  opsPerRound: number;
  rounds: number;
}

export function envOptions(defaults: MeasureOptions): MeasureOptions {
  const num = (key: string, fallback: number) => (process.env[key] !== undefined ? Number(process.env[key]) : fallback);
  return {
    ...defaults,
    rounds: num('BENCH_ROUNDS', defaults.rounds),
    sliceMs: num('BENCH_SLICE_MS', defaults.sliceMs),
    warmupMs: num('BENCH_WARMUP_MS', defaults.warmupMs),
  };
}

async function timed<B>(variant: Variant<B>, n: number): Promise<{ wall: number; cpu: number }> {
  const batch = variant.prepare(n);
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  await variant.run(batch);
  const wall = Number(process.hrtime.bigint() - start) / 1e3 / n;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / n };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One measured thing, in this process or in a child process of its own (see isolated.ts). */
export interface Runner {
  name: string;
  /** Warms up (JIT, caches) for about `ms`; resolves with the estimated wall µs per operation. */
  warm(ms: number): Promise<number>;
  slice(n: number): Promise<{ wall: number; cpu: number }>;
  close?(): Promise<void> | void;
}

export function inProcess<B>(variant: Variant<B>): Runner {
  return {
    name: variant.name,
    async warm(ms) {
      // Small batches, doubling, until the time is up; the average doubles as the calibration.
      let spent = 0;
      let ops = 0;
      let batch = 4;
      const deadline = Date.now() + ms;
      while (Date.now() < deadline || ops < 20) {
        spent += (await timed(variant, batch)).wall * batch;
        ops += batch;
        batch = Math.min(batch * 2, 500);
      }
      return spent / ops;
    },
    slice: (n) => timed(variant, n),
  };
}

export async function measure(variants: Array<Variant<any> | Runner>, options: MeasureOptions): Promise<Measured[]> {
  const runners = variants.map((v) => ('slice' in v ? v : inProcess(v)));
  const minOps = options.minOps ?? 5;
  const maxOps = options.maxOps ?? 20_000;
  const counts: number[] = [];
  for (const runner of runners) {
    const estimate = await runner.warm(options.warmupMs);
    counts.push(Math.max(minOps, Math.min(maxOps, Math.round((options.sliceMs * 1000) / estimate))));
  }
  const walls: number[][] = runners.map(() => []);
  const cpus: number[][] = runners.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    const order = runners.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const { wall, cpu } = await runners[i]!.slice(counts[i]!);
      walls[i]!.push(wall);
      cpus[i]!.push(cpu);
    }
  }
  return runners.map((runner, i) => ({
    name: runner.name,
    us: median(walls[i]!),
    min: Math.min(...walls[i]!),
    max: Math.max(...walls[i]!),
    cpu: median(cpus[i]!),
    cpuMin: Math.min(...cpus[i]!),
    cpuMax: Math.max(...cpus[i]!),
    opsPerRound: counts[i]!,
    rounds: options.rounds,
  }));
}

export function fmtUs(us: number): string {
  return us >= 100 ? us.toFixed(0) : us.toFixed(1);
}

export function fmtRate(us: number): string {
  return Math.round(1e6 / us)
    .toLocaleString('en-US')
    .replace(/,/g, ' ');
}

export function header(title: string, detail: string): void {
  console.log(`\n## ${title}\n`);
  console.log(
    `node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString().slice(0, 10)}; ${detail}\n`,
  );
}
