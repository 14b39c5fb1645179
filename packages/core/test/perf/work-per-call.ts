import { Session } from 'node:inspector';

/**
 * What one operation costs, counted rather than timed (timing is noise on a shared machine): the JavaScript
 * function calls it makes (V8 precise coverage with call counts, exact) and the bytes it allocates (V8's
 * sampling heap profiler at a fine interval, collected objects included).
 */
export interface Work {
  calls: number;
  bytes: number;
}

/** How the rounds run: `times` calls of each operation per round, `repeats` rounds. */
export interface Rounds {
  times: number;
  repeats: number;
}

interface CoverageResult {
  result: Array<{ functions: Array<{ ranges: Array<{ count: number }> }> }>;
}
interface SamplingNode {
  selfSize: number;
  children: SamplingNode[];
}
type Post = <T = unknown>(method: string, params?: object) => Promise<T>;

const totalSize = (node: SamplingNode): number =>
  node.children.reduce((sum, child) => sum + totalSize(child), node.selfSize);

const mid = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * The work per call of each operation: the median over `repeats` rounds, the operations alternated within each
 * round (a, b, a, b, ...), so that what elapsed time adds (timers, keep-alive) falls on all of them alike.
 */
export async function medianWorkPerCall<K extends string>(
  operations: Record<K, () => Promise<void>>,
  rounds: Rounds,
): Promise<Record<K, Work>> {
  const calls = await medianCallsPerCall(operations, rounds);
  const bytes = await medianBytesPerCall(operations, rounds);
  return mapNames(operations, (name) => ({ calls: calls[name], bytes: bytes[name] }));
}

/**
 * The JavaScript function calls per call of each operation (median, alternated rounds). Precise coverage starts
 * once for every round, each round read (and the counters reset) by one take: starting it walks the whole heap,
 * about a second in `npm test`'s one process after hundreds of suites, where a take costs a tenth of that.
 */
export async function medianCallsPerCall<K extends string>(
  operations: Record<K, () => Promise<void>>,
  { times, repeats }: Rounds,
): Promise<Record<K, number>> {
  return withSession(async (post) => {
    await post('Profiler.enable');
    await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    try {
      const taken = mapNames(operations, () => [] as CoverageResult[]);
      await post('Profiler.takePreciseCoverage'); // resets the counters
      for (let round = 0; round < repeats; round++)
        for (const name of names(operations)) {
          for (let i = 0; i < times; i++) await operations[name]();
          // this round's counts, and the counters reset for the next round; counted once all rounds are done
          taken[name].push(await post<CoverageResult>('Profiler.takePreciseCoverage'));
        }
      return mapNames(operations, (name) => mid(taken[name].map((coverage) => callsIn(coverage) / times)));
    } finally {
      await post('Profiler.stopPreciseCoverage');
    }
  });
}

/** The bytes allocated per call of each operation (median, alternated rounds), one sampling run per round. */
async function medianBytesPerCall<K extends string>(
  operations: Record<K, () => Promise<void>>,
  { times, repeats }: Rounds,
): Promise<Record<K, number>> {
  return withSession(async (post) => {
    await post('HeapProfiler.enable');
    const sampled = mapNames(operations, () => [] as number[]);
    for (let round = 0; round < repeats; round++)
      for (const name of names(operations)) {
        await post('HeapProfiler.startSampling', {
          samplingInterval: 256,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
        for (let i = 0; i < times; i++) await operations[name]();
        const { profile } = await post<{ profile: { head: SamplingNode } }>('HeapProfiler.stopSampling');
        sampled[name].push(totalSize(profile.head) / times);
      }
    return mapNames(operations, (name) => mid(sampled[name]));
  });
}

function callsIn(coverage: CoverageResult): number {
  let calls = 0;
  for (const script of coverage.result) for (const fn of script.functions) calls += fn.ranges[0]?.count ?? 0;
  return calls;
}

async function withSession<T>(use: (post: Post) => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  const post: Post = (method, params = {}) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as never))),
    );
  try {
    return await use(post);
  } finally {
    session.disconnect();
  }
}

const names = <K extends string>(record: Record<K, unknown>) => Object.keys(record) as K[];

function mapNames<K extends string, V>(record: Record<K, unknown>, value: (name: K) => V): Record<K, V> {
  return Object.fromEntries(names(record).map((name) => [name, value(name)])) as Record<K, V>;
}
