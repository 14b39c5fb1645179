import type { MetadataStorage, ValidationArguments, ValidationTypes, ValidatorOptions } from 'class-validator';
import type { CompiledCheck, ValidationMetadata } from '../../metadata/validation-accelerator';
import type { CachedExecutor } from './cached-executor';
import { KNOWN_CONSTRAINTS } from './known-constraints';

/**
 * A DTO's class-validator constraints compiled once into one function that answers `true` only when
 * class-validator's sync executor, run with the same options, would report no error. `false` means "ask
 * class-validator": the input has an error (class-validator then writes every message, so messages are
 * its own by construction) or the check cannot tell (a `{ each: true }` over a Set or a Map).
 *
 * It reads the same metadata the executor reads and calls each constraint's own `validate`; what it saves is
 * the executor's per-call bookkeeping (filters, an error object per property, argument objects, the
 * constraint lookup through the container, the empty-error sweep). A DTO is compiled only when everything on
 * it is understood: the built-in constraints named in known-constraints.ts (stateless, so their instance is
 * resolved once), `@IsOptional`/`@ValidateIf`, `@IsDefined`, `@Allow`; no nested or promise validation, no
 * async constraint. Any other DTO has no check and goes to class-validator on every call.
 */
export type { CompiledCheck };

interface ConstraintCall {
  validate: (value: unknown, args: ValidationArguments) => unknown;
  property: string;
  constraints: unknown[];
  each: boolean;
  validateIf?: (object: object, value: unknown) => boolean;
}

interface PropertyCheck {
  name: string;
  conditions: Array<(object: object, value: unknown) => unknown>;
  calls: ConstraintCall[];
}

/** What the checks read of class-validator: its storage, its metadata type names, a class's grouped metadata. */
export interface CheckSources {
  store: MetadataStorage;
  types: typeof ValidationTypes;
  targetMetadata: CachedExecutor['targetMetadata'];
}

/** The compiled check of a class (compiled on first use), or undefined when class-validator must run every time. */
export function compiledChecks(
  sources: CheckSources,
): (cls: Function, options: ValidatorOptions) => CompiledCheck | undefined {
  const compiled = new WeakMap<Function, CompiledCheck | null>();
  return (cls, options) => {
    if (!optionsUnderstood(options)) return undefined;
    let check = compiled.get(cls);
    if (check === undefined) {
      check = compile(sources, cls);
      compiled.set(cls, check);
    }
    return check ?? undefined;
  };
}

// The executor's behaviour the check mirrors: unknown fields are errors, no groups, nothing skipped.
function optionsUnderstood(options: ValidatorOptions): boolean {
  return (
    options.whitelist === true &&
    options.forbidNonWhitelisted === true &&
    options.forbidUnknownValues !== false &&
    !options.groups?.length &&
    !options.always &&
    !options.strictGroups &&
    !options.skipMissingProperties &&
    !options.skipNullProperties &&
    !options.skipUndefinedProperties &&
    !options.stopAtFirstError
  );
}

function compile(sources: CheckSources, cls: Function): CompiledCheck | null {
  const { metas, grouped } = sources.targetMetadata(cls);
  if (!metas.length) return null; // forbidUnknownValues: class-validator's own error
  const properties: PropertyCheck[] = [];
  for (const name of Object.keys(grouped)) {
    const property: PropertyCheck = { name, conditions: [], calls: [] };
    for (const meta of grouped[name]!) {
      if (!addMetadata(sources, property, meta)) return null;
    }
    properties.push(property);
  }
  const declared = new Set(Object.keys(grouped).filter((name) => grouped[name]!.length > 0));
  return (instance) => {
    if (instance.constructor !== cls) return false;
    for (const key of Object.keys(instance)) if (!declared.has(key)) return false;
    for (const property of properties) {
      const value = (instance as Record<string, unknown>)[property.name];
      // every condition is called, as the executor calls them all before combining
      let run = true;
      for (const condition of property.conditions) if (!condition(instance, value)) run = false;
      if (run && !callsPass(instance, value, property.calls)) return false;
    }
    return true;
  };
}

function addMetadata(
  { store, types: ValidationTypes }: CheckSources,
  property: PropertyCheck,
  meta: ValidationMetadata,
): boolean {
  switch (meta.type) {
    case ValidationTypes.WHITELIST:
      return true; // only declares the property
    case ValidationTypes.CONDITIONAL_VALIDATION:
      property.conditions.push(meta.constraints[0] as (object: object, value: unknown) => unknown);
      return true;
    case ValidationTypes.IS_DEFINED:
    case ValidationTypes.CUSTOM_VALIDATION: {
      const constraints = store.getTargetValidatorConstraints(meta.constraintCls);
      if (!constraints.length) return true; // the executor finds nothing to run either
      for (const constraint of constraints) {
        if (constraint.async || !KNOWN_CONSTRAINTS.has(constraint.name)) return false;
        const instance = constraint.instance as { validate: ConstraintCall['validate'] };
        property.calls.push({
          validate: instance.validate.bind(instance),
          property: meta.propertyName,
          constraints: meta.constraints,
          each: meta.each === true,
          validateIf: (meta as { validateIf?: ConstraintCall['validateIf'] }).validateIf,
        });
      }
      return true;
    }
    default:
      return false; // nested or promise validation, or a type this check does not know
  }
}

function callsPass(object: object, value: unknown, calls: readonly ConstraintCall[]): boolean {
  for (const call of calls) {
    if (call.validateIf && !call.validateIf(object, value)) continue;
    const args: ValidationArguments = {
      targetName: object.constructor ? object.constructor.name : (undefined as unknown as string),
      property: call.property,
      object,
      value,
      constraints: call.constraints,
    };
    if (call.each && (Array.isArray(value) || value instanceof Set || value instanceof Map)) {
      if (!Array.isArray(value)) return false; // let class-validator convert and judge
      for (let i = 0; i < value.length; i++) {
        if (!(i in value) || !passed(call.validate(value[i], args))) return false;
      }
    } else if (!passed(call.validate(value, args))) return false;
  }
  return true;
}

// A promise from a sync run is not awaited by class-validator: not a verdict this check can give.
const passed = (result: unknown) => !!result && !(typeof (result as { then?: unknown }).then === 'function');
