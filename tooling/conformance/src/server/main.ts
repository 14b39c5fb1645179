import 'reflect-metadata';
import { createApp, ConsoleLogger } from '@tessera/core';
import { conformanceModule } from './app';
import { listen, loadSkillFolder } from '@tessera/core/node';
import { join } from 'node:path';

/**
 * Serves the conformance server on 127.0.0.1. Port from `--port N` or `PORT` (0 or unset: a free port).
 * Prints `LISTENING <url>` once it accepts requests. `TESSERA_HTTP_PATH=sdk` turns listen's fast path off, so
 * every request goes through the SDK's node adapter (the suite must pass both ways).
 */
async function main(): Promise<void> {
  const i = process.argv.indexOf('--port');
  const port = Number(i >= 0 ? process.argv[i + 1] : (process.env.PORT ?? 0));
  // the Skills extension's scenarios read this folder's skills (a bad one stops the server here)
  const skills = await loadSkillFolder(join(__dirname, '..', '..', 'skills'));
  // legacySessions: 2025-11-25 clients get sessions, so push requests and resource subscriptions reach them,
  // and their streams are resumable (server-sse-polling)
  const app = createApp(
    { ...conformanceModule, skills, logger: new ConsoleLogger({ level: (process.env.LOG_LEVEL as never) ?? 'warn' }) },
    { legacySessions: { resumeEvents: 100, retryMs: 500 } },
  );
  const fastPath = process.env.TESSERA_HTTP_PATH !== 'sdk';
  const listener = await listen(app, { port, host: '127.0.0.1', fastPath });
  process.stdout.write(`LISTENING ${listener.url.href}\n`);
  process.stderr.write(
    `HTTP path: ${fastPath ? 'fast path (stateless 2026-07-28 POST on node:http)' : "the SDK's node adapter"}\n`,
  );
  const stop = () => {
    void app.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
