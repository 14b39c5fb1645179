import type { Server } from 'node:http';
import type { TesseraApp } from '@tessera/core';

/**
 * The graceful stop of a Node host server with a Tessera app inside: no new connections, calls in flight
 * finish, and whatever is still open after `drainMs` (a subscriptions/listen stream waits for its client,
 * and would hold the server open for ever) is cut; then `tessera.close()` disposes the app.
 */
export async function closeGracefully(server: Server, tessera: TesseraApp, drainMs = 5000): Promise<void> {
  const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  const cut = setTimeout(() => server.closeAllConnections(), drainMs);
  try {
    await closed;
  } finally {
    clearTimeout(cut);
  }
  await tessera.close();
}

/** On SIGTERM or SIGINT: `closeGracefully`, then exit 0 (1 if it failed). */
export function serveUntilSignalled(server: Server, tessera: TesseraApp): void {
  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal}: closing`);
    closeGracefully(server, tessera).then(
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
