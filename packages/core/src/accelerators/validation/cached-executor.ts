/* eslint-disable @typescript-eslint/no-require-imports -- class-validator's executor module, not exported */
import type { MetadataStorage, ValidationError, ValidatorOptions } from 'class-validator';
import type { ValidationMetadata } from '../../metadata/validation-accelerator';

// class-validator's own `validate`/`validateSync` look a class's metadata up by scanning EVERY decorated class in
// the process (`getTargetValidationMetadatas` walks the whole store for inherited metadata), so a call costs
// O(number of DTO classes): an app with many tools pays for all their DTOs on every call. Here the same executor
// (`ValidationExecutor`, which class-validator does not export) runs against a view of the store that remembers
// each class's metadata after the first look, which makes a call O(its fields).
// Metadata is complete once a class is defined (decorators run with the class body); a constraint registered
// on an already-validated class later (registerDecorator at run time) is not seen.

type Grouped = Record<string, ValidationMetadata[]>;

interface Executor {
  ignoreAsyncValidations: boolean;
  awaitingPromises: Array<Promise<unknown>>;
  execute(object: object, targetSchema: string, errors: ValidationError[]): void;
  stripEmptyErrors(errors: ValidationError[]): ValidationError[];
}
type ExecutorClass = new (validator: object, options?: ValidatorOptions) => Executor;

function executorClass(): ExecutorClass | undefined {
  return (require('class-validator/cjs/validation/ValidationExecutor') as { ValidationExecutor?: ExecutorClass })
    .ValidationExecutor;
}

/** What the cached executor relies on in class-validator beyond its root API; empty when all of it is there. */
export function probeCachedExecutor(store: MetadataStorage, validator: object): string[] {
  const Executor = executorClass();
  if (typeof Executor !== 'function') return ['class-validator/cjs/validation/ValidationExecutor is gone'];
  const changed: string[] = [];
  const executor = new Executor(validator, {}) as unknown as Record<string, unknown>;
  if (!('metadataStorage' in executor)) changed.push('ValidationExecutor.metadataStorage');
  if (!Array.isArray(executor.awaitingPromises)) changed.push('ValidationExecutor.awaitingPromises (an array)');
  if (!('ignoreAsyncValidations' in executor)) changed.push('ValidationExecutor.ignoreAsyncValidations');
  for (const method of ['execute', 'stripEmptyErrors'])
    if (typeof executor[method] !== 'function') changed.push(`ValidationExecutor.${method}()`);
  for (const method of ['getTargetValidationMetadatas', 'groupByPropertyName'] as const)
    if (typeof store[method] !== 'function') changed.push(`MetadataStorage.${method}()`);
  return changed;
}

export interface CachedExecutor {
  /** The metadata class-validator's executor sees for `target` without groups (the cached view). */
  targetMetadata(target: Function): { metas: ValidationMetadata[]; grouped: Grouped };
  /** class-validator's `validateSync`, at O(fields) per call (async constraints are skipped, as there). */
  validateSync(object: object, options: ValidatorOptions): ValidationError[];
  /** class-validator's `validate`, at O(fields) per call plus the async constraints themselves. */
  validate(object: object, options: ValidatorOptions): Promise<ValidationError[]>;
}

export function cachedExecutor(
  store: MetadataStorage,
  validator: object,
  targetValidationMetadatas: (target: Function) => ValidationMetadata[],
): CachedExecutor {
  const Executor = executorClass()!;
  const byTarget = new WeakMap<Function, Map<string, ValidationMetadata[]>>();
  const groupedCache = new WeakMap<ValidationMetadata[], Grouped>();

  const cachedStore: MetadataStorage = Object.create(store, {
    getTargetValidationMetadatas: {
      value(target: Function, schema: string | undefined, always: boolean, strictGroups: boolean, groups?: string[]) {
        // Nested DTOs are looked up with their parent's name as `schema` (it only matters for named schemas).
        if (always || strictGroups || groups?.length)
          return store.getTargetValidationMetadatas(target, schema ?? '', always, strictGroups, groups);
        let bySchema = byTarget.get(target);
        if (!bySchema) byTarget.set(target, (bySchema = new Map()));
        let metas = bySchema.get(schema ?? '');
        if (!metas) {
          // the same list (the schema name only selects metadata registered under that name, never a class's)
          metas = targetValidationMetadatas(target);
          bySchema.set(schema ?? '', metas);
        }
        return metas;
      },
    },
    groupByPropertyName: {
      // A null-prototype map: class-validator's whitelist check would otherwise let `hasOwnProperty`,
      // `isPrototypeOf`, ... through as if they were declared (it reads `grouped[key].length`).
      value(metas: ValidationMetadata[]): Grouped {
        let grouped = groupedCache.get(metas);
        if (!grouped) {
          grouped = Object.assign(Object.create(null) as Grouped, store.groupByPropertyName(metas));
          groupedCache.set(metas, grouped);
        }
        return grouped;
      },
    },
  });

  const executorFor = (options: ValidatorOptions): Executor => {
    const executor = new Executor(validator, options);
    (executor as unknown as { metadataStorage: MetadataStorage }).metadataStorage = cachedStore;
    return executor;
  };

  return {
    targetMetadata(target) {
      const metas = cachedStore.getTargetValidationMetadatas(target, undefined as unknown as string, false, false);
      return { metas, grouped: cachedStore.groupByPropertyName(metas) };
    },
    validateSync(object, options) {
      const executor = executorFor(options);
      executor.ignoreAsyncValidations = true;
      const errors: ValidationError[] = [];
      executor.execute(object, undefined as unknown as string, errors);
      return executor.stripEmptyErrors(errors);
    },
    async validate(object, options) {
      const executor = executorFor(options);
      const errors: ValidationError[] = [];
      executor.execute(object, undefined as unknown as string, errors);
      await Promise.all(executor.awaitingPromises);
      return executor.stripEmptyErrors(errors);
    },
  };
}
