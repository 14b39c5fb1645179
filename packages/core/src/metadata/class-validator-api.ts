import type * as CV from 'class-validator';
import { loadFeature } from '../loading/load-feature';
import { validationAccelerator } from './validation-accelerator';

type ClassValidator = typeof CV;

let root: ClassValidator | undefined;

/**
 * A value class-validator's root exports: from the validation accelerator when one is installed (it loads only
 * the file that defines it), otherwise from the root itself, required on first use (it loads all of
 * class-validator, libphonenumber-js and validator.js whole).
 */
export function classValidatorValue<K extends keyof ClassValidator>(name: K): ClassValidator[K] {
  const accelerated = validationAccelerator()?.loadMember?.(name);
  if (accelerated !== undefined) return accelerated as ClassValidator[K];
  root ??= loadFeature('classValidator');
  return root[name];
}

/**
 * A function that loads class-validator's `name` on its first call and forwards every call to it: what lets
 * `@tessera/core/validators` export each class-validator function as a plain value (so Node's ESM named-import
 * detection of this CommonJS entry sees it) while loading it only when an app uses it.
 */
export function onFirstUse<F extends (...args: never[]) => unknown>(
  name: string,
  load: () => F = () => classValidatorValue(name as keyof ClassValidator) as unknown as F,
): F {
  let loaded: ((...args: unknown[]) => unknown) | undefined;
  const forward = function (this: unknown, ...args: unknown[]): unknown {
    loaded ??= load() as unknown as (...args: unknown[]) => unknown;
    return loaded.apply(this, args);
  };
  Object.defineProperty(forward, 'name', { value: name });
  return forward as unknown as F;
}

/** class-validator's metadata storage (one per process, whichever way it was loaded). */
export function metadataStorage(): CV.MetadataStorage {
  return classValidatorValue('getMetadataStorage')();
}

/**
 * A built-in decorator factory of class-validator's, loaded on its first call, which the validation accelerator
 * may make share one constraint class across its uses (same metadata, same messages).
 */
export function sharedOnFirstUse<F extends (...args: never[]) => PropertyDecorator>(name: string): F {
  return onFirstUse<F>(name, () => {
    const factory = classValidatorValue(name as keyof ClassValidator) as unknown as F;
    return validationAccelerator()?.shareConstraints?.(name, factory) ?? factory;
  });
}
