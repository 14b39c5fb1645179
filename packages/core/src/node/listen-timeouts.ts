import type { ListenOptions } from './listen-options';
import { positiveMilliseconds, zeroOrMoreMilliseconds } from './positive-milliseconds';
import { requireExposedGc } from './idle-memory-release';

export interface ListenTimeouts {
  drainMs: number;
  readyDelayMs: number;
  keepAliveTimeoutMs: number;
  /** How long without a request before the idle GC; `false`: none (the default). */
  idleGcMs: number | false;
}

/** Node's own default: what a listener does when not told otherwise. */
const NODE_KEEP_ALIVE_TIMEOUT_MS = 5000;

/** The listener's time settings, checked when `listen` is called rather than misbehaving at the first stop. */
export function listenTimeouts(options: ListenOptions): ListenTimeouts {
  return {
    drainMs: positiveMilliseconds('listen: drainMs', options.drainMs ?? 2000),
    readyDelayMs: zeroOrMoreMilliseconds('listen: readyDelayMs', options.readyDelayMs ?? 0),
    keepAliveTimeoutMs: positiveMilliseconds(
      'listen: keepAliveTimeoutMs',
      options.keepAliveTimeoutMs ?? NODE_KEEP_ALIVE_TIMEOUT_MS,
    ),
    idleGcMs: idleGcMs(options.idleGcMs),
  };
}

/** Off unless asked for; when asked for, a positive delay in a process started with `--expose-gc`. */
function idleGcMs(given: ListenOptions['idleGcMs']): number | false {
  if (given === undefined || given === false) return false;
  const delayMs = positiveMilliseconds('listen: idleGcMs', given);
  requireExposedGc('listen: idleGcMs');
  return delayMs;
}
