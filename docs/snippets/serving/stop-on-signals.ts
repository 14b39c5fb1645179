import { createApp } from '@tessera/core';
import { listen, stopOnSignals } from '@tessera/core/node';
import { machinesModule as module } from '../shared/machines';

// #region example
const app = createApp(module);
await listen(app, { port: 3000, host: '0.0.0.0', readyDelayMs: 2000, drainMs: 5000 });
stopOnSignals(app, { exitDeadlineMs: 10_000 });
// #endregion example
