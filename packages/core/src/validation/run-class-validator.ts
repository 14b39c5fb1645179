import { getMetadataStorage, Validator, type ValidationError, type ValidatorOptions } from '../validators';
import type { MetadataStorage } from 'class-validator/types/metadata/MetadataStorage';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import type { ValidationExecutor as Executor } from 'class-validator/types/validation/ValidationExecutor';
import { targetValidationMetadatas } from '../schema/target-validation-metadata';

// class-validator's own `validate`/`validateSync` look a class's metadata up by scanning EVERY decorated class in
// the process (`getTargetValidationMetadatas` walks the whole store for inherited metadata), so a call costs
// O(number of DTO classes): an app with many tools pays for all their DTOs on every call. Here the same executor
// runs against a view of the store that remembers each class's metadata after the first look, which makes a call
// O(its fields).
// Metadata is complete once a class is defined (decorators run with the class body); a constraint registered
// on an already-validated class later (registerDecorator at run time) is not seen.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ValidationExecutor } = require('class-validator/cjs/validation/ValidationExecutor') as {
  ValidationExecutor: typeof Executor;
};

type Grouped = Record<string, ValidationMetadata[]>;

const store = getMetadataStorage();
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

/** The metadata class-validator's executor sees for `target` under these options (the cached view above). */
export function targetMetadata(target: Function): { metas: ValidationMetadata[]; grouped: Grouped } {
  const metas = cachedStore.getTargetValidationMetadatas(target, undefined as unknown as string, false, false);
  return { metas, grouped: cachedStore.groupByPropertyName(metas) };
}

const validator = new Validator();

function executorFor(options: ValidatorOptions): Executor {
  const executor = new ValidationExecutor(validator, options);
  (executor as unknown as { metadataStorage: MetadataStorage }).metadataStorage = cachedStore;
  return executor;
}

/** class-validator's `validateSync`, at O(fields) per call (async constraints are skipped, as there). */
export function runValidationSync(object: object, options: ValidatorOptions): ValidationError[] {
  const executor = executorFor(options);
  executor.ignoreAsyncValidations = true;
  const errors: ValidationError[] = [];
  executor.execute(object, undefined as unknown as string, errors);
  return executor.stripEmptyErrors(errors);
}

/** class-validator's `validate`, at O(fields) per call plus the async constraints themselves. */
export async function runValidation(object: object, options: ValidatorOptions): Promise<ValidationError[]> {
  const executor = executorFor(options);
  const errors: ValidationError[] = [];
  executor.execute(object, undefined as unknown as string, errors);
  await Promise.all(executor.awaitingPromises);
  return executor.stripEmptyErrors(errors);
}
