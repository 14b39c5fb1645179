import { metadataStorage } from '../metadata/class-validator-api';
import { validationAccelerator, type ValidationMetadata } from '../metadata/validation-accelerator';

/**
 * class-validator's metadata of `cls` as its validator sees it without groups (own and inherited, in its order):
 * `getTargetValidationMetadatas(cls, '', false, false)`, or the validation accelerator's indexed answer to it.
 */
export function targetValidationMetadatas(cls: Function): ValidationMetadata[] {
  return (
    validationAccelerator()?.targetValidationMetadatas?.(cls) ??
    metadataStorage().getTargetValidationMetadatas(cls, '', false, false)
  );
}
