import type * as CV from 'class-validator';
import { onFirstUse } from '../metadata/class-validator-api';
import { InvalidDecoratorUseError } from '../errors/definition/invalid-decorator-use.error';
import { collectField, type FieldOptions } from '../schema/field.metadata';
import type { Class } from '../types/class';
import { checkDecoratorOptions } from './decorator-options';

const Allow = onFirstUse<typeof CV.Allow>('Allow');
const IsOptional = onFirstUse<typeof CV.IsOptional>('IsOptional');

const FIELD_OPTIONS = {
  description: true,
  title: true,
  examples: true,
  default: true,
  type: true,
  format: true,
  deprecated: true,
  optional: true,
  nullable: true,
  enumTitles: true,
  header: true,
} as const satisfies Record<keyof FieldOptions, true>;

/**
 * Documents a DTO property (title, description, examples, default, ...) and names types reflection cannot
 * see (`type: () => [String]`). It also whitelists the property for validation (class-validator's `@Allow()`),
 * and `optional: true` is the same as `@IsOptional()`. It checks nothing else: add class-validator decorators
 * to constrain the value.
 */
export function Field(options: FieldOptions = {}): PropertyDecorator {
  return (prototype, propertyKey) => {
    if (typeof prototype === 'function') {
      throw new InvalidDecoratorUseError(
        `@Field() cannot decorate the static property ${prototype.name}.${String(propertyKey)}`,
      );
    }
    const cls = prototype.constructor as Class;
    if (typeof propertyKey !== 'string') {
      throw new InvalidDecoratorUseError(
        `@Field() needs a string property name, not ${String(propertyKey)} on ${cls.name}`,
      );
    }
    checkDecoratorOptions(options, FIELD_OPTIONS, `@Field() on ${cls.name}.${propertyKey}`);
    // built key by key, not spread: V8 gives a spread copy that then gains a key a hidden class of its own
    collectField(cls, Object.assign({}, options, { propertyName: propertyKey }));
    Allow()(prototype, propertyKey);
    if (options.optional) IsOptional()(prototype, propertyKey);
  };
}
