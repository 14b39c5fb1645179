import * as v8 from 'node:v8';
import * as vm from 'node:vm';

/** What one young-generation GC left: the bytes V8's new space still holds (committed), after and before. */
export interface YoungGenerationGcResult {
  heldBefore: number;
  heldAfter: number;
  pauseMs: number;
}

/** One young-generation GC (a scavenge) run now. */
export type YoungGenerationGc = () => YoungGenerationGcResult;

type GcFunction = (options?: { type?: 'major' | 'minor' }) => void;

let obtained: YoungGenerationGc | null | undefined;

/**
 * A function that runs one young-generation GC, or undefined where none can be had (a runtime without
 * V8's flags or `vm`, Bun, Deno): then the caller does nothing. Obtained once per process.
 *
 * Node hands out V8's `gc` only to a context created while `--expose-gc` is set: the flag is set, a new
 * `vm` context's `gc` kept, and the flag cleared again unless the process was started with it, so the
 * app's own global never gets a `gc`, and neither do the `vm` contexts and worker threads it creates later.
 */
export function youngGenerationGc(): YoungGenerationGc | undefined {
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

function measured(gc: GcFunction | undefined): YoungGenerationGc | undefined {
  if (!gc) return undefined;
  return () => {
    const heldBefore = newSpaceCommitted();
    const start = performance.now();
    gc({ type: 'minor' });
    const pauseMs = performance.now() - start;
    return { heldBefore, heldAfter: newSpaceCommitted(), pauseMs };
  };
}

/** V8's young generation: the bytes its new space holds from the system (0 where V8 does not say). */
export function newSpaceCommitted(): number {
  const space = v8.getHeapSpaceStatistics?.().find((s) => s.space_name === 'new_space');
  return space?.physical_space_size ?? 0;
}
