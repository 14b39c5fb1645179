import 'reflect-metadata';
import type { Class } from '../types/class';

// The only file that reads TypeScript's emitted design metadata (emitDecoratorMetadata).

/** The declared type of each parameter of `target.prototype[methodName]`. */
export function getParamTypes(target: Class, methodName: string | symbol): ReadonlyArray<unknown> {
  return (Reflect.getMetadata('design:paramtypes', target.prototype, methodName) as unknown[] | undefined) ?? [];
}

/** The declared return type of a method (`Promise` for async methods, so only useful for sync ones). */
export function getReturnType(target: Class, methodName: string | symbol): unknown {
  return Reflect.getMetadata('design:returntype', target.prototype, methodName);
}
