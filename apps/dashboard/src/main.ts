import 'reflect-metadata';
import { createApp } from '@tessera/core';
import { listen } from '@tessera/core/node';
import { Dashboard } from './dashboard';

const app = createApp({ name: 'dashboard', version: '1.0.0', providers: [Dashboard] });
const port = Number(process.env.PORT ?? 3000);

void listen(app, { port, host: '127.0.0.1' }).then((listener) => {
  console.log(`dashboard MCP server on ${listener.url.href}`);
  const stop = () => void listener.close().then(() => app.close());
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
