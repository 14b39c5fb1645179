import { createApp, silentLogger, type AppModule, type TesseraApp } from '@tessera/core';
import { listen, type HttpListener } from '@tessera/core/node';

/** An app and its loopback listener, there for every test of the describe that asked for them. */
export interface ListenedApp {
  readonly app: TesseraApp;
  readonly listener: HttpListener;
}

/**
 * For the enclosing describe: an app of `providers` named `name` (silent logger), listening on a free
 * loopback port before its tests and closed after them.
 */
export function listenedApp(name: string, providers: AppModule['providers']): ListenedApp {
  const opened: { app?: TesseraApp; listener?: HttpListener } = {};
  beforeAll(async () => {
    opened.app = createApp({ name, version: '1', providers, logger: silentLogger });
    opened.listener = await listen(opened.app, { port: 0 });
  });
  afterAll(() => opened.app?.close());
  return {
    get app() {
      if (!opened.app) throw new Error(`listenedApp(${name}): the app is there only inside the describe's tests`);
      return opened.app;
    },
    get listener() {
      if (!opened.listener)
        throw new Error(`listenedApp(${name}): the listener is there only inside the describe's tests`);
      return opened.listener;
    },
  };
}
