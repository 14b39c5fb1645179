import 'reflect-metadata';
import { createApp, type TesseraApp } from '@tessera/core';
// the table alone: the package's root would also load the MCP client, which a server does not
import { echoToolTable } from '@tessera/testing/echo-tool-table';
import type { EchoServer } from './echo-servers';
import { BenchReads } from './reads.provider';

/**
 * (c) Tessera's side of echo-servers.ts: the same `echo` tool and fillers (named by the same rule), as decorated
 * providers with a class-validator DTO per tool taken by `@Args()`, and a prompt and two resources
 * (reads.provider.ts); `createApp` with default settings.
 */
export function tesseraEcho(toolCount: number, intercepted = false): EchoServer & { app: TesseraApp } {
  // `intercepted`: an application-wide interceptor that only passes the call on; an interceptor may answer in
  // the tool's place, so such a call leaves the lane's direct path for the SDK's per-request server
  const interceptors = intercepted ? [{ intercept: (_ctx: unknown, next: () => Promise<unknown>) => next() }] : [];
  const app = createApp({
    name: 'tessera-bench',
    version: '1.0.0',
    providers: [...echoToolTable(toolCount), BenchReads],
    interceptors,
  });
  return { name: 'Tessera createApp + @Tool/@Args DTO', app, fetch: app.fetch, close: () => app.close() };
}
