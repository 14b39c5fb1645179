import { OPTIONAL_FEATURES, type OptionalFeature, type OptionalFeatureModules } from './optional-features';

const loaded: Partial<OptionalFeatureModules> = {};

/**
 * The module of an optional feature (optional-features.ts), loaded on its first use and kept. The one place core
 * loads a module at run time: built as CommonJS it requires it (Node's module cache makes it the same module as
 * any other import of it; Node 20.19 and later require ES modules such as jose too); an ES-module build would
 * put `createRequire(import.meta.url)` here, and nothing else would change.
 */
export function loadFeature<F extends OptionalFeature>(feature: F): OptionalFeatureModules[F] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded[feature] ??= require(OPTIONAL_FEATURES[feature].module) as OptionalFeatureModules[F]);
}
