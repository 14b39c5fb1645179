import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';

/**
 * The one results file a bench run writes (`tooling/benchmarks/results/latest.json`, or `BENCH_RESULTS`): each
 * bench script replaces the sections it measured and keeps the others, so `npm run bench` leaves one file with
 * every figure, each section stamped with its own commit, time and machine. The Benchmarks page's charts are
 * drawn from it (render-charts.mjs).
 */
export interface BenchResults {
  schema: 1;
  sections: Record<string, ResultSection>;
}

export interface ResultSection {
  title: string;
  /** What the value is, with its unit: `CPU µs per call`, `requests per second`. */
  metric: string;
  /** Which way is better, for the reader of a chart. */
  better: 'lower' | 'higher';
  rows: ResultRow[];
  run: RunStamp;
}

/** One bar: a series (the server) in a group (tool count, leg), its median and the range over rounds. */
export interface ResultRow {
  series: string;
  group: string;
  value: number;
  min: number;
  max: number;
}

export interface RunStamp {
  commit: string;
  measuredAt: string;
  node: string;
  cpus: string;
  loadAverage: number;
  /** A BENCH_QUICK smoke run: too short to quote. */
  quick: boolean;
}

export const DEFAULT_RESULTS_FILE = path.resolve(__dirname, '..', '..', 'results', 'latest.json');

export function resultsFile(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_RESULTS !== undefined && env.BENCH_RESULTS !== ''
    ? path.resolve(env.BENCH_RESULTS)
    : DEFAULT_RESULTS_FILE;
}

export function runStamp(env: NodeJS.ProcessEnv = process.env): RunStamp {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: __dirname, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout (a copied build): the commit stays unknown
  }
  const cores = cpus();
  return {
    commit,
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: `${cores.length} x ${cores[0]?.model.trim() ?? 'unknown'}`,
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
    quick: env.BENCH_QUICK === '1',
  };
}

/** Reads a results file, refusing one of another shape by name (a hand-edited or older file). */
export function readResults(file: string): BenchResults {
  if (!existsSync(file)) return { schema: 1, sections: {} };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<BenchResults>;
  if (parsed.schema !== 1 || typeof parsed.sections !== 'object' || parsed.sections === null)
    throw new Error(`${file}: not a bench results file (expected { "schema": 1, "sections": { ... } })`);
  return parsed as BenchResults;
}

/** Writes `sections` into the results file, replacing sections of the same id and keeping the others. */
export function recordSections(sections: Record<string, Omit<ResultSection, 'run'>>, file = resultsFile()): void {
  const results = readResults(file);
  const run = runStamp();
  for (const [id, section] of Object.entries(sections)) {
    for (const row of section.rows)
      if (![row.value, row.min, row.max].every(Number.isFinite))
        throw new Error(
          `bench results, section ${id}: row "${row.series} / ${row.group}" has a value that is not a number`,
        );
    results.sections[id] = { ...section, run };
  }
  mkdirSync(path.dirname(file), { recursive: true });
  // written whole, then renamed: a bench stopped mid-write leaves the previous file, not half of one
  const partial = `${file}.partial`;
  writeFileSync(partial, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(partial, file);
  console.log(`\n(results: ${Object.keys(sections).join(', ')} written to ${path.relative(process.cwd(), file)})`);
}
