/* eslint-disable @typescript-eslint/no-require-imports -- class-validator's files, loaded on first use */
import type * as CV from 'class-validator';
import type { ValidationArguments, ValidationOptions } from 'class-validator';
import { classValidatorValue } from '../../metadata/class-validator-api';

/**
 * A built-in class-validator decorator that registers one constraint class per decorator name (and `each`)
 * instead of one per use. class-validator's `registerDecorator`, given a validator object, defines a new
 * `CustomConstraint` class and stores a `ConstraintMetadata` for it at every use (about 1 KB of heap an
 * `@IsString()`, kept for the life of the app). For the decorators scripts/validators/generate-validators-entry.mjs
 * lists as shareable, the validator's `validate` and its message template read nothing of the call but the
 * value and the `ValidationArguments` (the constraints travel there), and the message depends on the options
 * only through `each`: one class per name and `each` validates and words every use the same.
 *
 * The factory still runs as written (it computes the constraints); its `ValidateBy` and `buildMessage` calls are
 * watched, for the one synchronous call, to learn the options, the validator and the message template. The
 * stored `ValidationMetadata` is class-validator's own, through its `registerDecorator`, with every field as
 * before but `constraintCls`. Anything that does not look like that (the factory returned something else, a
 * message built from other options, a `ValidateBy` module that cannot be watched) gets the factory's own
 * decorator, unchanged. One difference: `each` is read when the decorator is made, where class-validator's
 * message reads the options object again at each message (it matters only to code that changes `each` on an
 * options object after decorating, which class-validator's own `ValidationMetadata.each` does not follow either).
 * Held by test/unit/shared-constraint.test.ts against class-validator's root, decorator by decorator.
 */
export function sharedConstraint<F extends (...args: never[]) => PropertyDecorator>(name: string, factory: F): F {
  const classes: Array<Function | undefined> = [undefined, undefined]; // by `each`: 0 without, 1 with
  // what a call without arguments (`@IsString()`, most uses) makes: the same every time, so learnt once
  // (undefined: not yet; null: the factory's own decorator, not shareable)
  let bare: Use | null | undefined;
  const shared = function (this: unknown, ...args: never[]): PropertyDecorator {
    if (args.length === 0 && bare !== undefined) return bare === null ? factory.apply(this, args) : registering(bare);
    const made = watch(() => factory.apply(this, args));
    if (args.length === 0) bare = made.use ?? null;
    return made.use === undefined ? made.decorator : registering(made.use);
  };
  const registering = ({ options, validationOptions, template }: Use): PropertyDecorator => {
    const each = validationOptions?.each ? 1 : 0;
    const constraintCls = (classes[each] ??= defineShared(options, template, each === 1));
    return (object, propertyName) => {
      modules().registerDecorator({
        name: options.name,
        target: object.constructor,
        propertyName: propertyName as string,
        options: validationOptions,
        constraints: options.constraints,
        validator: constraintCls,
      });
    };
  };
  Object.defineProperty(shared, 'name', { value: name });
  return shared as unknown as F;
}

type ValidateByOptions = Parameters<typeof CV.ValidateBy>[0];
type MessageTemplate = (eachPrefix: string, args?: ValidationArguments) => string;

interface Use {
  options: ValidateByOptions;
  validationOptions: ValidationOptions | undefined;
  template: MessageTemplate;
}

interface ClassValidatorModules {
  validateBy: { ValidateBy: typeof CV.ValidateBy; buildMessage: typeof CV.buildMessage };
  registerDecorator: typeof CV.registerDecorator;
  addConstraint(cls: Function, name: string): void;
  /** Whether `ValidateBy` and `buildMessage` are plain writable properties (CommonJS as published). */
  watchable: boolean;
}

let loaded: ClassValidatorModules | undefined;
function modules(): ClassValidatorModules {
  if (loaded) return loaded;
  const validateBy = require('class-validator/cjs/decorator/common/ValidateBy') as ClassValidatorModules['validateBy'];
  const { ConstraintMetadata } = require('class-validator/cjs/metadata/ConstraintMetadata') as {
    ConstraintMetadata: new (target: Function, name?: string, async?: boolean) => object;
  };
  const writable = (key: string) => Object.getOwnPropertyDescriptor(validateBy, key)?.writable === true;
  loaded = {
    validateBy,
    registerDecorator: classValidatorValue('registerDecorator'),
    addConstraint: (cls, constraintName) =>
      classValidatorValue('getMetadataStorage')().addConstraintMetadata(
        new ConstraintMetadata(cls, constraintName) as never,
      ),
    watchable: writable('ValidateBy') && writable('buildMessage'),
  };
  return loaded;
}

/** What sharing relies on in class-validator beyond its root API; empty when all of it is there. */
export function probeSharedConstraint(): string[] {
  const changed: string[] = [];
  const { validateBy, watchable } = modules();
  if (typeof validateBy.ValidateBy !== 'function') changed.push('decorator/common/ValidateBy ValidateBy()');
  if (typeof validateBy.buildMessage !== 'function') changed.push('decorator/common/ValidateBy buildMessage()');
  if (!watchable) changed.push('decorator/common/ValidateBy exports are no longer writable properties');
  const { ConstraintMetadata } = require('class-validator/cjs/metadata/ConstraintMetadata') as {
    ConstraintMetadata?: unknown;
  };
  if (typeof ConstraintMetadata !== 'function') changed.push('metadata/ConstraintMetadata ConstraintMetadata');
  return changed;
}

/**
 * Runs `make` (a decorator factory's call) with class-validator's `ValidateBy` and `buildMessage` watched: each
 * still does what it does, and each result is remembered with its arguments. The factory's own decorator is
 * what the last watched `ValidateBy` returned (the arguments are evaluated first, so any nested call comes
 * before it); its message must be one `buildMessage` made from the same options.
 */
function watch(make: () => PropertyDecorator): { decorator: PropertyDecorator; use?: Use } {
  const cv = modules();
  if (!cv.watchable) return { decorator: make() };
  const target = cv.validateBy;
  const { ValidateBy, buildMessage } = target;
  const decorators = new Map<unknown, { options: ValidateByOptions; validationOptions?: ValidationOptions }>();
  const messages = new Map<unknown, { template: MessageTemplate; validationOptions?: ValidationOptions }>();
  target.ValidateBy = (options, validationOptions) => {
    const decorator = ValidateBy(options, validationOptions);
    decorators.set(decorator, { options, validationOptions });
    return decorator;
  };
  target.buildMessage = (template, validationOptions) => {
    const message = buildMessage(template, validationOptions);
    messages.set(message, { template, validationOptions });
    return message;
  };
  let decorator: PropertyDecorator;
  try {
    decorator = make();
  } finally {
    target.ValidateBy = ValidateBy;
    target.buildMessage = buildMessage;
  }
  const call = decorators.get(decorator);
  const validator = call?.options.validator as { defaultMessage?: unknown } | undefined;
  const message = validator && typeof validator === 'object' ? messages.get(validator.defaultMessage) : undefined;
  if (!call || !message || message.validationOptions !== call.validationOptions) return { decorator };
  return {
    decorator,
    use: { options: call.options, validationOptions: call.validationOptions, template: message.template },
  };
}

// The options object the shared message is built with: the prefix is all it reads of them.
const EACH: ValidationOptions = Object.freeze({ each: true });

/** The constraint class class-validator's registerDecorator would define for this use, defined once. */
function defineShared(options: ValidateByOptions, template: MessageTemplate, each: boolean): Function {
  const cv = modules();
  const validator = options.validator as CV.ValidatorConstraintInterface;
  const message = cv.validateBy.buildMessage(template, each ? EACH : undefined);
  const constraintCls = class CustomConstraint {
    validate(value: unknown, validationArguments: ValidationArguments): unknown {
      return validator.validate(value, validationArguments);
    }
    defaultMessage(validationArguments: ValidationArguments): string {
      return message(validationArguments);
    }
  };
  cv.addConstraint(constraintCls, options.name);
  return constraintCls;
}
