import * as v8 from 'node:v8';

/** What a GC left: the bytes V8's young generation (new space) holds from the system, before and after. */
export interface V8GcResult {
  youngBefore: number;
  youngAfter: number;
  pauseMs: number;
}

/**
 * One young-generation GC of V8's (a scavenge), run now. Not a full GC: after one, a Tessera server's next
 * burst cost about a third more CPU per request over its first seconds in the HTTP bench.
 */
export type V8Gc = () => V8GcResult;

type GcFunction = (options?: { type?: 'major' | 'minor' }) => void;

/**
 * The `gc` a process started with `--expose-gc` has on its global, measured; undefined otherwise. Nothing here
 * sets a V8 flag: a GC is the host's to allow, on its command line or in `NODE_OPTIONS`.
 */
export function v8Gc(): V8Gc | undefined {
  const gc = exposedGc();
  if (!gc) return undefined;
  return () => {
    const youngBefore = youngGenerationBytes();
    const start = performance.now();
    gc({ type: 'minor' });
    const pauseMs = performance.now() - start;
    return { youngBefore, youngAfter: youngGenerationBytes(), pauseMs };
  };
}

/** The global `gc` of a process started with `--expose-gc`, or undefined. */
export function exposedGc(): GcFunction | undefined {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? (gc as GcFunction) : undefined;
}

/** V8's young generation: the bytes its new space holds from the system (0 where V8 does not say). */
export function youngGenerationBytes(): number {
  const space = v8.getHeapSpaceStatistics?.().find((s) => s.space_name === 'new_space');
  return space?.physical_space_size ?? 0;
}
