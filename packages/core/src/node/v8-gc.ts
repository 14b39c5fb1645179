import * as v8 from 'node:v8';
import * as vm from 'node:vm';

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

let obtained: V8Gc | null | undefined;

/**
 * A function that runs one young-generation GC, or undefined where none can be had (a runtime without V8's flags
 * or `vm`): then the caller does nothing. Obtained once per process.
 *
 * Node hands out V8's `gc` only to a context created while `--expose-gc` is set: the flag is set, a new
 * `vm` context's `gc` kept, and the flag cleared again unless the process was started with it, so the
 * app's own global never gets a `gc`, and neither do the `vm` contexts and worker threads it creates later.
 */
export function v8Gc(): V8Gc | undefined {
  if (obtained === undefined) obtained = measured(gcFunction()) ?? null;
  return obtained ?? undefined;
}

function gcFunction(): GcFunction | undefined {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as GcFunction;
  if (typeof v8.setFlagsFromString !== 'function' || typeof vm.runInNewContext !== 'function') return undefined;
  try {
    v8.setFlagsFromString('--expose-gc');
    try {
      const gc: unknown = vm.runInNewContext('typeof gc === "function" ? gc : undefined');
      return typeof gc === 'function' ? (gc as GcFunction) : undefined;
    } finally {
      if (!startedWithExposeGc()) v8.setFlagsFromString('--no-expose-gc');
    }
  } catch {
    return undefined; // a runtime that imitates node:v8 or node:vm without V8 behind them
  }
}

function startedWithExposeGc(): boolean {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  return /--expose[-_]gc\b/.test(given);
}

function measured(gc: GcFunction | undefined): V8Gc | undefined {
  if (!gc) return undefined;
  return () => {
    const youngBefore = youngGenerationBytes();
    const start = performance.now();
    gc({ type: 'minor' });
    const pauseMs = performance.now() - start;
    return { youngBefore, youngAfter: youngGenerationBytes(), pauseMs };
  };
}

/** V8's young generation: the bytes its new space holds from the system (0 where V8 does not say). */
export function youngGenerationBytes(): number {
  const space = v8.getHeapSpaceStatistics?.().find((s) => s.space_name === 'new_space');
  return space?.physical_space_size ?? 0;
}
