import { createApp } from '@tessera/core';
import { describeAdmission } from '@tessera/core/advanced';
import { listen } from '@tessera/core/node';
import { machinesModule as module } from '../shared/machines';

// #region example
const app = createApp(module);
const listener = await listen(app, { port: 3000 });
// the fetch face: ['host', 'body budget', 'byte scan', 'parse', 'scopes', 'screening', 'param headers', 'dispatch']
console.log(describeAdmission(app));
// listen: its own 'url authority' check and the 'fast lane' in front of the same steps
console.log(describeAdmission(listener));
// #endregion example
