import { DevLoop, type DevIo } from './dev-loop';
import { DEV_HELP } from './dev-help';
import { parseDevOptions } from './dev-options';

/** What `tessera dev` stops on. */
export interface DevSignals {
  on(event: NodeJS.Signals, listener: () => void): unknown;
  off(event: NodeJS.Signals, listener: () => void): unknown;
}

const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** `tessera dev [options] [entry]` (argv without the command): runs until stopped; resolves with the exit code. */
export async function runDev(argv: readonly string[], io: DevIo, signals: DevSignals = process): Promise<number> {
  const options = parseDevOptions(argv);
  if ('help' in options) {
    io.stdout.write(DEV_HELP);
    return 0;
  }
  const loop = new DevLoop(options, io);
  const stop = () => void loop.stop();
  const last = () => loop.killAll();
  STOP_SIGNALS.forEach((signal) => signals.on(signal, stop));
  process.once('exit', last);
  try {
    return await loop.run();
  } finally {
    STOP_SIGNALS.forEach((signal) => signals.off(signal, stop));
    process.off('exit', last);
  }
}
