import { CliError } from '../errors/cli-error';
import { loadApp, type LoadedApp } from '../inspect/load-entry';
import type { FromServer, ToServer } from './dev-messages';
import { nodeFacesOf } from './project-node-faces';

// The server process of `tessera dev` (forked with an IPC channel): `node serve-child.js <entry> [export]`.
// It loads the built entry and reports its surface, serves when told, and on `stop` closes the app (the
// listener drains: calls in flight finish) before it exits. A fresh process per build: Node caches modules.

/** How long a call in flight may take to finish when a rebuild stops this server (listen's default is shorter). */
const DRAIN_MS = 10_000;

const send = (message: FromServer, then: () => void = () => undefined): void => void process.send?.(message, then);

async function main(entry: string, exportName: string | undefined): Promise<void> {
  let loaded: LoadedApp;
  try {
    loaded = await loadApp(entry, exportName, 'dev');
    send({ type: 'loaded', surface: loaded.describe() });
  } catch (error) {
    const exitCode = error instanceof CliError ? error.exitCode : 1;
    // the entry's top-level code may hold the event loop open: this process has nothing more to do
    send({ type: 'refused', message: (error as Error).message, exitCode }, () => process.exit(0));
    return;
  }
  const { app } = loaded;
  let closing: Promise<void> | undefined;
  const stop = () => {
    closing ??= app.close().finally(() => process.exit(0));
  };
  // The dev loop stops this process; Ctrl+C in the terminal reaches it too, and must not cut calls short.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
  process.on('message', (message: ToServer) => {
    if (message.type === 'stop') return stop();
    const faces = nodeFacesOf(entry);
    if (message.type === 'serve-stdio') {
      faces.serveStdio(app);
      return;
    }
    faces.listen(app, { port: message.port, host: '127.0.0.1', drainMs: DRAIN_MS }).then(
      ({ url }) => send({ type: 'listening', url: url.href }),
      (error: Error) => send({ type: 'serve-failed', message: error.message }),
    );
  });
}

void main(process.argv[2]!, process.argv[3] || undefined);
