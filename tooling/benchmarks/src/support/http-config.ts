import type { ServerKind } from '../http-server';

/**
 * Settings of the HTTP bench, from the environment. `BENCH_QUICK=1` is the smoke mode (about a minute):
 * short slices, two rounds, 1000 open flows instead of 10 000; every other variable overrides either mode.
 */
export interface HttpBenchConfig {
  rounds: number;
  /** Length of one load slice, per server per round. */
  seconds: number;
  warmupSeconds: number;
  /** Rest before idle memory is read, so V8's memory reducer has returned every server's start-up garbage. */
  settleSeconds: number;
  connections: number;
  tools: number[];
  kinds: ServerKind[];
  /** The µs of CPU the `node-busy` echo spends per request before answering. */
  busyMicros: number;
  flowConcurrency: number;
  openFlows: number;
  parts: Array<'cold' | 'calls' | 'flows' | 'open'>;
  /** `BENCH_HTTP_READS=1`: the Tessera kinds also serve a `prompts/get` and a `resources/read` load each. */
  reads: boolean;
  /**
   * `BENCH_HTTP_BASE=<checkout>`: every Tessera kind is also served from that checkout's build (built, with
   * its own tooling/benchmarks/dist), rounds interleaved with this build's; the report adds this ÷ base.
   */
  base: string | undefined;
}

export function httpBenchConfig(env: NodeJS.ProcessEnv = process.env): HttpBenchConfig {
  const quick = env.BENCH_QUICK === '1';
  const num = (key: string, normal: number, smoke: number) => {
    const text = env[key];
    if (text === undefined) return quick ? smoke : normal;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`${key} must be a positive number, got ${JSON.stringify(text)}`);
    return value;
  };
  const list = (key: string, fallback: string) =>
    (env[key] ?? fallback)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return {
    rounds: num('BENCH_HTTP_ROUNDS', 5, 2),
    seconds: num('BENCH_HTTP_SECONDS', 3, 1),
    warmupSeconds: num('BENCH_HTTP_WARMUP_SECONDS', 2, 1),
    settleSeconds: num('BENCH_HTTP_SETTLE_SECONDS', 15, 1),
    connections: num('BENCH_HTTP_CONNECTIONS', 50, 50),
    tools: list('BENCH_HTTP_TOOLS', '10,1000').map(Number),
    kinds: list(
      'BENCH_HTTP_KINDS',
      'node,node-busy,raw,nest,tessera,tessera-intercepted,tessera-sdk,tessera-plain,tessera-no-validation,flow-raw,flow-tessera',
    ) as HttpBenchConfig['kinds'],
    busyMicros: num('BENCH_HTTP_BUSY_US', 50, 50),
    flowConcurrency: num('BENCH_FLOW_CONCURRENCY', 16, 16),
    openFlows: num('BENCH_OPEN_FLOWS', 10_000, 1_000),
    parts: list('BENCH_HTTP_PARTS', 'cold,calls,open,flows') as HttpBenchConfig['parts'],
    reads: env.BENCH_HTTP_READS === '1',
    base: env.BENCH_HTTP_BASE || undefined,
  };
}

/** Median, min and max of a series. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

const group = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export function fmtSpread(s: Spread, digits = 0): string {
  const f = (n: number) => (digits === 0 ? group(Math.round(n)) : n.toFixed(digits));
  return `${f(s.median)} [${f(s.min)}-${f(s.max)}]`;
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
