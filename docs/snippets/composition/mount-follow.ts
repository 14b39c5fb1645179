import { InMemoryServerEventBus, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { createApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { mountRemote } from '@tessera/compose';

declare const verifier: OAuthTokenVerifier; // your issuer's token check

// #region example
const reports = await mountRemote({
  prefix: 'reports',
  url: 'https://reports.internal.example/mcp',
  headers: { authorization: `Bearer ${process.env.REPORTS_TOKEN}` }, // used to list, and when not forwarding
  forwardAuth: true, // each caller's own bearer token goes on with its call (off by default)
  taskTools: { quarterly: 'required' }, // reports_quarterly is a task of ours; its remote task runs inside it
});

const app = createApp(
  {
    name: 'gateway',
    version: '1.0.0',
    providers: [],
    imports: [reports.module],
    events: new InMemoryServerEventBus(), // so our clients are offered list_changed
  },
  { auth: { verifier } }, // callers present a token this server checks before anything is forwarded
);
// the remote's list_changed: reread, swapped in, and announced as our own list_changed
await reports.follow(app);
await listen(app, { port: 3000 });
// #endregion example
