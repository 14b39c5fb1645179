import { collectParam } from '../metadata/metadata-store';
import type { Class } from '../types/class';
import { methodOfParam } from './param-decorator-target';

/**
 * Injects the call's arguments, validated and turned into an instance of the parameter's DTO class.
 * Pass the type explicitly when reflection cannot see it (an interface, a union, a circular import).
 */
export function Args(type?: () => Class): ParameterDecorator {
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'Args');
    collectParam(cls, method, { kind: 'args', index, type });
  };
}
