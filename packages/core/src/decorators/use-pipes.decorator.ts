import { collectEnhancers } from '../metadata/metadata-store';
import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';
import type { Pipe } from '../contracts/pipe';
import type { Class } from '../types/class';

/** Attaches pipes to a provider class (all its handlers) or to one method; repeated use appends. */
export function UsePipes(...pipes: EnhancerRef<Pipe>[]): ClassDecorator & MethodDecorator {
  return ((target: object, methodName?: string | symbol) => {
    const cls = (methodName === undefined ? target : target.constructor) as Class;
    collectEnhancers(cls, methodName, 'pipes', pipes);
  }) as ClassDecorator & MethodDecorator;
}
