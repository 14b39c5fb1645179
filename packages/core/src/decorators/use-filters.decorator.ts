import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';
import type { ExceptionFilter } from '../contracts/exception-filter';
import { enhancerDecorator } from './enhancer-decorator';

/** Attaches filters to a provider class (all its handlers) or to one method; repeated use appends. Checked when decorating. */
export function UseFilters(...filters: EnhancerRef<ExceptionFilter>[]): ClassDecorator & MethodDecorator {
  return enhancerDecorator('filters', filters);
}
