import { createApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { mountRemote } from '@tessera/compose';

// #region example
// connected and listed before the app is built: a remote that is down fails here, naming the mount
const billing = await mountRemote({
  prefix: 'billing', // billing_charge, billing_refund; invoices://billing/...
  url: 'https://billing.internal.example/mcp',
  headers: { authorization: `Bearer ${process.env.BILLING_TOKEN}` },
});
const files = await mountRemote({ prefix: 'files', command: 'node', args: ['files-server.js'] });

const app = createApp({
  name: 'gateway',
  version: '1.0.0',
  providers: [], // a proxy of other servers: no local providers needed
  imports: [billing.module, files.module],
});
await listen(app, { port: 3000 });

process.on('SIGTERM', async () => {
  await app.close();
  await Promise.all([billing.close(), files.close()]);
});
// #endregion example
