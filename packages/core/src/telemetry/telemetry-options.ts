import type { MeterProvider, TracerProvider } from '@opentelemetry/api';

/**
 * Traces and metrics through the OpenTelemetry API. Without providers, the globally registered ones are used
 * (a no-op until your process registers an OpenTelemetry SDK).
 */
export interface TelemetryOptions {
  tracerProvider?: TracerProvider;
  meterProvider?: MeterProvider;
}
