import { CallAbortedError } from '../errors/call-aborted.error';
import { CallTimeoutError } from '../errors/call-timeout.error';

/** One signal per call, combining the caller's AbortSignal and the whole-call `timeoutMs`. */
export interface CallSignal {
  signal: AbortSignal;
  /** The error to throw instead of `error` when the call was stopped by a timeout or the caller. */
  explain(error: unknown): unknown;
  dispose(): void;
}

/** The longest delay Node's timers take; a longer one would fire at once (TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createCallSignal(where: string, options: { signal?: AbortSignal; timeoutMs?: number }): CallSignal {
  const controller = new AbortController();
  const { signal: outer } = options;
  const timeoutMs = checkTimeout(options.timeoutMs);
  const onOuterAbort = () => controller.abort(new CallAbortedError(where, outer?.reason));
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  // Beyond what a timer can hold the limit is about 25 days away: no timer at all.
  const timer =
    timeoutMs === undefined || timeoutMs > MAX_TIMER_MS
      ? undefined
      : setTimeout(() => controller.abort(new CallTimeoutError(where, timeoutMs)), timeoutMs);
  return {
    signal: controller.signal,
    // Once stopped, the SDK and callbacks reject with their own wrappers; the reason we recorded says why.
    explain: (error) => (controller.signal.aborted ? controller.signal.reason : error),
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

function checkTimeout(value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !(value > 0))
    throw new RangeError(`timeoutMs must be a positive number of milliseconds, got ${value}`);
  return value;
}
