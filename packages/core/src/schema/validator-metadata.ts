import { metadataStorage } from '../metadata/class-validator-api';
import type { ValidationMetadata } from '../metadata/validation-accelerator';
import type { Class } from '../types/class';
import { targetValidationMetadatas } from './target-validation-metadata';

export type { ValidationMetadata };

/** class-validator's metadata of `cls` (own and inherited, every group), by property in declaration order. */
export function getValidatorMetadata(cls: Class): Map<string, ValidationMetadata[]> {
  const all = targetValidationMetadatas(cls);
  const byProperty = new Map<string, ValidationMetadata[]>();
  // by index: createApp runs this once per DTO, in the interpreter, where for...of allocates a result per step
  for (let i = 0; i < all.length; i++) {
    const meta = all[i]!;
    const list = byProperty.get(meta.propertyName);
    if (list) list.push(meta);
    else byProperty.set(meta.propertyName, [meta]);
  }
  return byProperty;
}

/** Whether any constraint of these metadata runs asynchronously (then only the async `validate` sees it). */
export function hasAsyncConstraint(metas: readonly ValidationMetadata[]): boolean {
  const storage = metadataStorage();
  for (let i = 0; i < metas.length; i++) {
    const meta = metas[i]!;
    if (meta.type === 'promiseValidation') return true;
    if (!meta.constraintCls) continue;
    if (storage.getTargetValidatorConstraints(meta.constraintCls).some((c) => c.async)) return true;
  }
  return false;
}
