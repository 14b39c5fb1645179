// `npm run start:http`: serves the app over Streamable HTTP on 127.0.0.1 (PORT, default 3000; 0 picks a free port).
import 'reflect-metadata';
import { createApp } from '@tessera/core';
import { listen, stopOnSignals } from '@tessera/core/node';
import { appModule } from './app.module';

async function main(): Promise<void> {
  const app = createApp(appModule);
  const { url } = await listen(app, { port: Number(process.env.PORT ?? 3000) });
  // SIGTERM/SIGINT: /readyz turns 503, calls in flight finish (up to listen's drainMs), then exit 0. Installed
  // before the line below: a supervisor that signals as soon as it reads it must not meet the default (kill).
  stopOnSignals(app);
  console.log(`MCP server listening on ${url}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
