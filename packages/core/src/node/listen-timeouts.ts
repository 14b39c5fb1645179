import type { ListenOptions } from './listen-options';
import { positiveMilliseconds, zeroOrMoreMilliseconds } from './positive-milliseconds';
import { DEFAULT_IDLE_GC_MS } from './idle-memory-release';

export interface ListenTimeouts {
  drainMs: number;
  readyDelayMs: number;
  keepAliveTimeoutMs: number;
  /** How long without a request before the idle GC; `false`: none. */
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
    idleGcMs:
      options.idleGcMs === false
        ? false
        : positiveMilliseconds('listen: idleGcMs', options.idleGcMs ?? DEFAULT_IDLE_GC_MS),
  };
}
