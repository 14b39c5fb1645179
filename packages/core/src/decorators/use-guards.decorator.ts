import { collectEnhancers } from '../metadata/metadata-store';
import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';
import type { Guard } from '../contracts/guard';
import type { Class } from '../types/class';

/** Attaches guards to a provider class (all its handlers) or to one method; repeated use appends. */
export function UseGuards(...guards: EnhancerRef<Guard>[]): ClassDecorator & MethodDecorator {
  return ((target: object, methodName?: string | symbol) => {
    const cls = (methodName === undefined ? target : target.constructor) as Class;
    collectEnhancers(cls, methodName, 'guards', guards);
  }) as ClassDecorator & MethodDecorator;
}
