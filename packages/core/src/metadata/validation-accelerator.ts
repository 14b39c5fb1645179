import type { ClassTransformOptions } from 'class-transformer';
import type { MetadataStorage, ValidationError, ValidatorOptions } from 'class-validator';

/** One of class-validator's metadata records, typed from its root export (its own type is not exported). */
export type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

/** A DTO's check that answers `true` only when class-validator, run with the same options, finds no error. */
export type CompiledCheck = (instance: object) => boolean;

/**
 * The one seam where `src/accelerators/validation/` plugs its shortcuts into validation and schema building.
 * Core asks each member first and, when the member is absent or answers `undefined`, takes the public way
 * (class-validator's and class-transformer's root exports), which gives the same answers. Nothing here reads
 * a dependency's internals: the accelerator does, behind its own start-up probes and `TESSERA_ACCELERATORS`.
 */
export interface ValidationAccelerator {
  /** A value class-validator's root exports, loaded from its own file instead of the whole root. */
  loadMember?(name: string): unknown;
  /**
   * A built-in decorator factory that registers one constraint class per name and `each` instead of one per
   * use, giving the same metadata and messages as `factory` (undefined: `factory` as it is).
   */
  shareConstraints?<F extends (...args: never[]) => PropertyDecorator>(name: string, factory: F): F | undefined;
  /** `getTargetValidationMetadatas(cls, '', false, false)`, in the same order, without scanning every class. */
  targetValidationMetadatas?(cls: Function): ValidationMetadata[] | undefined;
  /** What class-transformer's `@Type()` names on the property (`{ type: undefined }` when nothing). */
  transformerType?(cls: Function, propertyName: string): { type: unknown } | undefined;
  /** class-validator's `validateSync(object, options)`. */
  validateSync?(object: object, options: ValidatorOptions): ValidationError[] | undefined;
  /** class-validator's `validate(object, options)`. */
  validate?(object: object, options: ValidatorOptions): Promise<ValidationError[]> | undefined;
  /** The compiled check of a DTO, when one can stand for class-validator under these options. */
  compiledCheck?(cls: Function, options: ValidatorOptions): CompiledCheck | undefined;
  /** class-transformer's `plainToInstance(cls, value, options)`, when a plain copy is what it would build. */
  plainToInstance?<T>(cls: new () => T, value: Record<string, unknown>, options: ClassTransformOptions): T | undefined;
}

let current: ValidationAccelerator | undefined;

/** The accelerator core consults, if one is installed. */
export function validationAccelerator(): ValidationAccelerator | undefined {
  return current;
}

/** Installs `accelerator` (undefined: the public path only) and returns the one it replaces. */
export function useValidationAccelerator(
  accelerator: ValidationAccelerator | undefined,
): ValidationAccelerator | undefined {
  const previous = current;
  current = accelerator;
  return previous;
}
