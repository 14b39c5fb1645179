import { createApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { machinesModule as module } from '../shared/machines';

const app = createApp(module);
// #region example
// in a process started with `node --expose-gc` (or NODE_OPTIONS=--expose-gc)
await listen(app, { port: 3000, idleGcMs: 5000 });
// #endregion example
