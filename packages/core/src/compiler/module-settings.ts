import { unknownOptionKey } from '@tessera/common';
import { InvalidConfigurationError } from '../errors/definition/invalid-configuration.error';
import type { AppModule } from '../app/app-module';
import type { CreateAppOptions } from '../app/create-app-options';
import type { FeatureModule } from '../app/feature-module';

// Each table lists every key of its type, and only those (`satisfies` fails the build when one drifts), so a
// setting put in the wrong object (`auth` in the module, `providers` in createApp's options) is refused by name
// instead of silently ignored.
const FEATURE_MODULE = {
  name: true,
  providers: true,
  services: true,
  guards: true,
  interceptors: true,
  pipes: true,
  filters: true,
  imports: true,
} as const satisfies Record<keyof FeatureModule, true>;

const APP_MODULE = {
  ...FEATURE_MODULE,
  version: true,
  title: true,
  description: true,
  websiteUrl: true,
  icons: true,
  instructions: true,
  security: true,
  pageSize: true,
  cacheHints: true,
  legacyInputRequiredBridge: true,
  events: true,
  skills: true,
  telemetry: true,
  tasks: true,
  extensions: true,
  limits: true,
  logger: true,
  sensitiveFields: true,
  visibility: true,
} as const satisfies Record<keyof AppModule, true>;

const CREATE_APP_OPTIONS = {
  auth: true,
  legacySessions: true,
  useGlobalContainer: true,
} as const satisfies Record<keyof CreateAppOptions, true>;

const known = (table: object, key: string): boolean => Object.hasOwn(table, key);
const listed = (table: object): string => Object.keys(table).join(', ');

/** createApp's first argument: the application module's own settings only. */
export function checkAppModuleSettings(module: AppModule): void {
  const key = unknownOptionKey(module, APP_MODULE);
  if (key === undefined) return;
  throw new InvalidConfigurationError(
    known(CREATE_APP_OPTIONS, key)
      ? `Module "${module.name}" has no setting "${key}": it is an option of createApp's second argument, createApp(module, { ${key} }).`
      : `Module "${module.name}" has no setting "${key}". Its settings: ${listed(APP_MODULE)}.`,
  );
}

/** createApp's second argument. */
export function checkCreateAppOptions(options: CreateAppOptions): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new InvalidConfigurationError(`createApp's options must be an object, got ${JSON.stringify(options)}.`);
  const key = unknownOptionKey(options, CREATE_APP_OPTIONS);
  if (key === undefined) return;
  throw new InvalidConfigurationError(
    known(APP_MODULE, key)
      ? `createApp's options have no setting "${key}": it belongs to the application module, createApp's first argument.`
      : `createApp's options have no setting "${key}". Its options: ${listed(CREATE_APP_OPTIONS)}.`,
  );
}

/** A module in `imports`: a feature module's settings only (name, providers, services, enhancers, imports). */
export function checkFeatureModuleSettings(module: FeatureModule, importedBy: string): void {
  const key = unknownOptionKey(module, FEATURE_MODULE);
  if (key === undefined) return;
  throw new InvalidConfigurationError(
    known(APP_MODULE, key)
      ? `Module "${module.name}" (imported by "${importedBy}") has no setting "${key}": only the application module, createApp's first argument, takes it.`
      : `Module "${module.name}" (imported by "${importedBy}") has no setting "${key}". Its settings: ${listed(FEATURE_MODULE)}.`,
  );
}
