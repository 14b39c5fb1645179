import 'reflect-metadata';
import { join } from 'node:path';
import { listen } from '@tessera/core/node';
import { createGateway } from './gateway';

/**
 * `node tooling/inspector-check/dist/gateway-server.js` serves the gateway over Streamable HTTP on 127.0.0.1
 * (a free port), the concierge mounted from a Tessera server on stdio that `mountRemote` starts as a child
 * process. Prints `listening <url>`.
 */
async function main(): Promise<void> {
  const gateway = await createGateway({
    command: process.execPath,
    args: [join(__dirname, 'concierge-stdio.js')],
  });
  const listener = await listen(gateway.app, { port: 0 });
  console.log(`listening ${listener.url}`);
  const stop = () =>
    void listener
      .close()
      .then(() => gateway.close())
      .then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
