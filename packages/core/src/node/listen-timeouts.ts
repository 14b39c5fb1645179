import type { ListenOptions } from './listen-options';

export interface ListenTimeouts {
  drainMs: number;
  keepAliveTimeoutMs: number;
}

/** Node's own default: what a listener does when not told otherwise. */
const NODE_KEEP_ALIVE_TIMEOUT_MS = 5000;

/** The listener's time settings, checked when `listen` is called rather than misbehaving at the first stop. */
export function listenTimeouts(options: ListenOptions): ListenTimeouts {
  return {
    drainMs: positiveMs('drainMs', options.drainMs ?? 2000),
    keepAliveTimeoutMs: positiveMs('keepAliveTimeoutMs', options.keepAliveTimeoutMs ?? NODE_KEEP_ALIVE_TIMEOUT_MS),
  };
}

function positiveMs(name: keyof ListenOptions, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`listen: ${name} must be a positive number of milliseconds, got ${typeof value === 'number' ? value : JSON.stringify(value)}`);
  }
  return value;
}
