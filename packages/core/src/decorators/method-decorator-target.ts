import { InvalidDecoratorUseError } from '../errors/definition/invalid-decorator-use.error';
import type { Class } from '../types/class';

/** Resolves the class a method decorator was applied to, refusing static members with a clear message. */
export function classOfMethod(target: object, methodName: string | symbol, decorator: string): Class {
  if (typeof target === 'function') {
    throw new InvalidDecoratorUseError(
      `@${decorator}() cannot decorate the static member ${(target as Class).name}.${String(methodName)}; use an instance method.`,
    );
  }
  return target.constructor as Class;
}
