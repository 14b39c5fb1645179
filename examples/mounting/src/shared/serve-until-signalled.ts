import type { TesseraApp } from '@tessera/core';

/**
 * The graceful stop of a host server with a Tessera app inside: on SIGTERM or SIGINT the host stops taking
 * connections and finishes what it serves, then `tessera.close()` ends the app's open streams and disposes
 * its container; exit 0, or 1 if that fails.
 */
export function serveUntilSignalled(closeHost: () => Promise<void>, tessera: TesseraApp): void {
  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal}: closing`);
    closeHost()
      .then(() => tessera.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
