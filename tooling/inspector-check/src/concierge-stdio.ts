import 'reflect-metadata';
import { createApp, silentLogger } from '@tessera/core';
import { serveStdio } from '@tessera/core/node';
import { conciergeModule } from './concierge.module';

/**
 * `node tooling/inspector-check/dist/concierge-stdio.js` serves the concierge on stdin/stdout: the remote
 * the gateway mounts, started by `mountRemote` in a child process of the gateway.
 */
const app = createApp({ ...conciergeModule, logger: silentLogger });
serveStdio(app);
