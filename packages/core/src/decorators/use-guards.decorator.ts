import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';
import type { Guard } from '../contracts/guard';
import { enhancerDecorator } from './enhancer-decorator';

/** Attaches guards to a provider class (all its handlers) or to one method; repeated use appends. Checked when decorating. */
export function UseGuards(...guards: EnhancerRef<Guard>[]): ClassDecorator & MethodDecorator {
  return enhancerDecorator('guards', guards);
}
