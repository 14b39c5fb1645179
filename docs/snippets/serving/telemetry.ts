import type { MeterProvider, TracerProvider } from '@opentelemetry/api';
import { createApp } from '@tessera/core';
import { createLowLevelServer, type LowLevelServerOptions } from '@tessera/core/advanced';
import { machinesModule as module } from '../shared/machines';

declare const tracerProvider: TracerProvider;
declare const meterProvider: MeterProvider;
declare const options: LowLevelServerOptions;

// #region example
createApp({ ...module, telemetry: true }); // the global providers
createApp({ ...module, telemetry: { tracerProvider, meterProvider } }); // or your own
createLowLevelServer({ ...options, telemetry: true }); // the low-level form, the same
// #endregion example
