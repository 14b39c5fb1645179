import 'reflect-metadata';
import type { Class } from '../types/class';

// The only file that reads TypeScript's emitted design metadata (emitDecoratorMetadata).

/**
 * The declared type of each parameter of `target.prototype[methodName]`, or `undefined` when the compiler
 * recorded none (an empty list when it recorded a method without parameters). One lookup answers both: the
 * polyfill's lookups walk the prototype chain, dozens of calls each, once per handler at createApp.
 */
export function getParamTypes(target: Class, methodName: string | symbol): ReadonlyArray<unknown> | undefined {
  return Reflect.getMetadata('design:paramtypes', target.prototype, methodName) as unknown[] | undefined;
}

/** The declared return type of a method (`Promise` for async methods, so only useful for sync ones). */
export function getReturnType(target: Class, methodName: string | symbol): unknown {
  return Reflect.getMetadata('design:returntype', target.prototype, methodName);
}

/** Whether TypeScript recorded constructor parameter types on the class itself (decorated, with its own constructor). */
export function hasOwnConstructorTypes(target: Class): boolean {
  return Reflect.hasOwnMetadata('design:paramtypes', target);
}

// tsyringe's `@inject(token)` stores its tokens under this key, and reads them from the class itself only.
const TSYRINGE_INJECTION_TOKENS = 'injectionTokens';

/** Copies the nearest ancestor's `@inject(token)` markers onto a class that inherits that constructor. */
export function inheritInjectionTokens(target: Class): void {
  if (Reflect.hasOwnMetadata(TSYRINGE_INJECTION_TOKENS, target)) return;
  const inherited = Reflect.getMetadata(TSYRINGE_INJECTION_TOKENS, target) as Record<number, unknown> | undefined;
  if (inherited) Reflect.defineMetadata(TSYRINGE_INJECTION_TOKENS, { ...inherited }, target);
}

/** The constructor parameter positions tsyringe's `@inject(token)` names on the class itself. */
export function injectionTokenPositions(target: Class): number[] {
  const tokens = Reflect.getOwnMetadata(TSYRINGE_INJECTION_TOKENS, target) as Record<string, unknown> | undefined;
  return Object.keys(tokens ?? {}).map(Number);
}

/** The declared type of a property (`undefined` when the compiler emitted none). */
export function getPropertyType(target: Class, propertyName: string | symbol): unknown {
  return Reflect.getMetadata('design:type', target.prototype, propertyName);
}
