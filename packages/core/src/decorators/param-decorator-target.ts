import { InvalidDecoratorUseError } from '../errors/definition/invalid-decorator-use.error';
import type { Class } from '../types/class';

/** Resolves the class and method a parameter decorator was applied to; constructor parameters belong to tsyringe. */
export function methodOfParam(
  target: object,
  methodName: string | symbol | undefined,
  decorator: string,
): { cls: Class; methodName: string | symbol } {
  if (methodName === undefined) {
    throw new InvalidDecoratorUseError(
      `@${decorator}() decorates a method parameter, not a constructor parameter of ${(target as Class).name}; ` +
        'use @inject(token) from tsyringe in constructors.',
    );
  }
  if (typeof target === 'function') {
    throw new InvalidDecoratorUseError(
      `@${decorator}() cannot decorate a parameter of the static method ${(target as Class).name}.${String(methodName)}.`,
    );
  }
  return { cls: target.constructor as Class, methodName };
}
