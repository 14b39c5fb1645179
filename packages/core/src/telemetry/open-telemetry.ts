/** The OpenTelemetry API, the package the round spans and metrics are reported through. */
export type OpenTelemetryApi = typeof import('@opentelemetry/api');

let loaded: OpenTelemetryApi | undefined;

/**
 * Required on first use: telemetry is off unless an app or a low-level server turns it on, and an app
 * without it never loads the API (about 40 modules and 2 MB of a server's memory).
 */
export function openTelemetry(): OpenTelemetryApi {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('@opentelemetry/api') as OpenTelemetryApi);
}
