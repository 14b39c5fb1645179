/**
 * What every Tessera package shares on its lowest floor: the error brand, the methods that carry requestState
 * and the check that refuses an unknown option by name.
 * Applications rarely import it directly; `@tessera/core`, `@tessera/request-state` and `@tessera/client` build on it.
 *
 * @module @tessera/common
 */
// Public API of @tessera/common: named exports only; this list is the package's surface.
export { errorBrand, TESSERA_ERROR_BRAND } from './errors/error-brand';
export type { ErrorBrand } from './errors/error-brand';
export { STATE_CARRYING_METHODS, isStateCarryingMethod, type StateCarryingMethod } from './state-carrying-methods';
export {
  TESSERA_META_PREFIX,
  IDEMPOTENCY_KEY_META,
  IDEMPOTENT_LEGS_META,
  IDEMPOTENCY_KEY_PATTERN,
  idempotencyKeyProblem,
  saysIdempotent,
} from './idempotent-legs';
export { optionsProblem, oneOfProblem, unknownOptionKey, type KnownOptions } from './option-keys';
export {
  ACCELERATOR_NAMES,
  ACCELERATORS_ENV,
  acceleratorOff,
  acceleratorsOff,
  type AcceleratorName,
  type AcceleratorsEnv,
} from './accelerators-switch';
export { currentBundle, type PackageBundle } from './current-bundle';
