import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';
import type { Pipe } from '../contracts/pipe';
import { enhancerDecorator } from './enhancer-decorator';

/** Attaches pipes to a provider class (all its handlers) or to one method; repeated use appends. Checked when decorating. */
export function UsePipes(...pipes: EnhancerRef<Pipe>[]): ClassDecorator & MethodDecorator {
  return enhancerDecorator('pipes', pipes);
}
