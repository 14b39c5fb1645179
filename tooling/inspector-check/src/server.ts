import 'reflect-metadata';
import { createApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { conciergeModule } from './concierge.module';

/**
 * `node tooling/inspector-check/dist/server.js [port]` serves the concierge over Streamable HTTP on
 * 127.0.0.1 (port 0, the default, picks a free one) and prints `listening <url>` once it accepts calls.
 */
async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`port must be an integer 0-65535, got "${process.argv[2]}"`);
  const app = createApp(conciergeModule);
  const listener = await listen(app, { port });
  console.log(`listening ${listener.url}`);
  const stop = () =>
    void listener
      .close()
      .then(() => app.close())
      .then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
