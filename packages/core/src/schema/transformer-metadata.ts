import type * as CT from 'class-transformer';
import { validationAccelerator } from '../metadata/validation-accelerator';
import { loadFeature } from '../loading/load-feature';

let transformer: typeof CT | undefined;

// Only what the probe below needs of class-transformer: nothing converted implicitly, no default values.
const PROBE_OPTIONS: CT.ClassTransformOptions = Object.freeze({
  enableImplicitConversion: false,
  exposeDefaultValues: false,
});

/**
 * The class named by class-transformer's `@Type(() => X)` on a property (own or inherited), if any.
 * class-transformer's root does not export its metadata, so the public way asks `plainToInstance` itself: an
 * empty object under the property becomes an instance of the `@Type` class, and stays a plain object without
 * one. The validation accelerator reads the metadata directly.
 */
export function getTransformerType(cls: Function, propertyName: string): unknown {
  const accelerated = validationAccelerator()?.transformerType?.(cls, propertyName);
  if (accelerated) return accelerated.type;
  transformer ??= loadFeature('classTransformer');
  let converted: unknown;
  try {
    const instance = transformer.plainToInstance(
      cls as CT.ClassConstructor<object>,
      { [propertyName]: {} },
      PROBE_OPTIONS,
    );
    converted = (instance as Record<string, unknown>)[propertyName];
  } catch {
    return undefined; // a constructor or a @Transform that refuses an empty object: no type to tell
  }
  const type = converted === undefined || converted === null ? undefined : (converted as object).constructor;
  return type === Object ? undefined : type;
}
