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

interface CoverageResult {
  result: Array<{ functions: Array<{ ranges: Array<{ count: number }> }> }>;
}
interface SamplingNode {
  selfSize: number;
  children: SamplingNode[];
}

const totalSize = (node: SamplingNode): number =>
  node.children.reduce((sum, child) => sum + totalSize(child), node.selfSize);

export async function workPerCall(run: () => Promise<void>, times: number): Promise<Work> {
  const session = new Session();
  session.connect();
  const post = <T = unknown>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
    );
  try {
    await post('Profiler.enable');
    await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await post('Profiler.takePreciseCoverage'); // resets the counters
    for (let i = 0; i < times; i++) await run();
    const coverage = await post<CoverageResult>('Profiler.takePreciseCoverage');
    await post('Profiler.stopPreciseCoverage');
    let calls = 0;
    for (const script of coverage.result) for (const fn of script.functions) calls += fn.ranges[0]?.count ?? 0;

    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 256,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    for (let i = 0; i < times; i++) await run();
    const { profile } = await post<{ profile: { head: SamplingNode } }>('HeapProfiler.stopSampling');
    return { calls: calls / times, bytes: totalSize(profile.head) / times };
  } finally {
    session.disconnect();
  }
}
