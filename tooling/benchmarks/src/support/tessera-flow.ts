import 'reflect-metadata';
import { createApp, type TesseraApp } from '@tessera/core';
import type { FlowServer } from './flow-servers';
import { Machines } from './readme-example.provider';

/** Tessera: the README's example (the same flow as flow-servers.ts, with `@Elicit`), on the defaults (sealed with AES-256-GCM under a process-local key). */
export function tesseraFlowApp(): TesseraApp {
  return createApp({ name: 'tessera-flow', version: '1.0.0', providers: [Machines] });
}

/** Tessera's flow server as a fetch face (in-process benchmarks). */
export function tesseraFlowServer(): FlowServer {
  const app = tesseraFlowApp();
  return { name: 'Tessera @Elicit (sealed state, AES-256-GCM)', fetch: app.fetch, close: () => app.close() };
}
