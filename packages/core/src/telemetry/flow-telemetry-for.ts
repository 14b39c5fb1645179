import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import { checkOptions } from '../errors/definition/check-options';
import type { FlowTelemetry } from './flow-telemetry';
import { loadFeature } from '../loading/load-feature';
import type { TelemetryOptions } from './telemetry-options';

const TELEMETRY_OPTIONS = { tracerProvider: true, meterProvider: true } as const satisfies Record<
  keyof TelemetryOptions,
  true
>;

/** The `telemetry` option of a module or a low-level server, checked: off (undefined), the global providers, or the given ones. */
export function flowTelemetryFor(
  option: boolean | TelemetryOptions | undefined,
  owner: string,
): FlowTelemetry | undefined {
  if (option === undefined || option === false) return undefined;
  if (option === true) return new (loadFeature('telemetry').FlowTelemetry)({});
  if (typeof option !== 'object' || option === null) {
    throw new InvalidConfigurationError(
      `${owner} telemetry must be true, false or { tracerProvider?, meterProvider? }, got ${String(option)}.`,
    );
  }
  checkOptions(option, TELEMETRY_OPTIONS, `${owner} telemetry`);
  return new (loadFeature('telemetry').FlowTelemetry)(option);
}
