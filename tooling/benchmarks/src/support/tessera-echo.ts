import 'reflect-metadata';
import { createApp, type TesseraApp } from '@tessera/core';
import { echoToolTable } from '@tessera/testing';
import type { EchoServer } from './echo-servers';

/**
 * (c) Tessera's side of echo-servers.ts: the same `echo` tool and fillers (named by the same rule), as decorated
 * providers with a class-validator DTO per tool taken by `@Args()`; `createApp` with default settings.
 */
export function tesseraEcho(toolCount: number): EchoServer & { app: TesseraApp } {
  const app = createApp({ name: 'tessera-bench', version: '1.0.0', providers: echoToolTable(toolCount) });
  return { name: 'Tessera createApp + @Tool/@Args DTO', app, fetch: app.fetch, close: () => app.close() };
}
