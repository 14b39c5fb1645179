import type { Logger } from '../logging/logger';
import { checkOptions } from '../errors/definition/check-options';
import { positiveMilliseconds } from './positive-milliseconds';

export interface StopOnSignalsOptions {
  /** Default `['SIGTERM', 'SIGINT']`. */
  signals?: NodeJS.Signals[];
  /**
   * The exit deadline: after this long the process exits with code 1 whatever is still draining; default
   * 10 000 ms. Keep it above the listeners' `drainMs`, which bounds the graceful part.
   */
  exitDeadlineMs?: number;
  /** How the process ends; default `process.exit`. */
  exit?: (code: number) => void;
}

const STOP_ON_SIGNALS_OPTIONS = { signals: true, exitDeadlineMs: true, exit: true } as const satisfies Record<
  keyof StopOnSignalsOptions,
  true
>;

/**
 * On the first of `signals`: `endpoint.close()` (every listener drains: /readyz false, no resets, see
 * ConnectionDrain), then exit 0; exit 1 if closing fails or the exit deadline passes first. Returns a
 * function that removes the handlers.
 */
export function stopOnSignals(
  endpoint: { close(): Promise<void>; readonly logger: Logger },
  options: StopOnSignalsOptions = {},
  /** The signal source: `process` unless a test hands in its own emitter. */
  source: Pick<NodeJS.EventEmitter, 'once' | 'off'> = process,
): () => void {
  checkOptions(options, STOP_ON_SIGNALS_OPTIONS, 'stopOnSignals');
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const deadlineMs = positiveMilliseconds('stopOnSignals: exitDeadlineMs', options.exitDeadlineMs ?? 10_000);
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let done = false;
  const finish = (code: number) => {
    if (done) return;
    done = true;
    exit(code);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    remove();
    endpoint.logger.info('stopping', { signal, exitDeadlineMs: deadlineMs });
    const deadline = setTimeout(() => {
      endpoint.logger.error('stop: exit deadline passed with work still draining; exiting', {
        exitDeadlineMs: deadlineMs,
      });
      finish(1);
    }, deadlineMs);
    endpoint.close().then(
      () => {
        clearTimeout(deadline);
        finish(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        endpoint.logger.error('stop: closing failed', { error });
        finish(1);
      },
    );
  };
  const remove = () => signals.forEach((signal) => source.off(signal, onSignal));
  signals.forEach((signal) => source.once(signal, onSignal));
  return remove;
}
