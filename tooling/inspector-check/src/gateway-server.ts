import 'reflect-metadata';
import { join } from 'node:path';
import { createApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { mountRemote } from '@tessera/compose';

/**
 * `node tooling/inspector-check/dist/gateway-server.js` serves a gateway over Streamable HTTP on 127.0.0.1
 * (a free port): no tools of its own, the concierge mounted with `mountRemote` under the prefix `concierge`,
 * the concierge itself a Tessera server on stdio in a child process. Prints `listening <url>`.
 */
async function main(): Promise<void> {
  const concierge = await mountRemote({
    prefix: 'concierge',
    command: process.execPath,
    args: [join(__dirname, 'concierge-stdio.js')],
  });
  const app = createApp({ name: 'gateway', version: '0.1.0', providers: [], imports: [concierge.module] });
  const listener = await listen(app, { port: 0 });
  console.log(`listening ${listener.url}`);
  const stop = () =>
    void listener
      .close()
      .then(() => app.close())
      .then(() => concierge.close())
      .then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
