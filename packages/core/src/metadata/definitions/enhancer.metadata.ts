import type { Guard } from '../../contracts/guard';
import type { Interceptor } from '../../contracts/interceptor';
import type { Pipe } from '../../contracts/pipe';
import type { ExceptionFilter } from '../../contracts/exception-filter';
import type { Class } from '../../types/class';

/** An enhancer is given as an instance (used as is) or a class (resolved from the request container). */
export type EnhancerRef<T> = T | Class<T>;

export interface EnhancerMetadata {
  guards: EnhancerRef<Guard>[];
  interceptors: EnhancerRef<Interceptor>[];
  pipes: EnhancerRef<Pipe>[];
  filters: EnhancerRef<ExceptionFilter>[];
}

export type EnhancerKind = keyof EnhancerMetadata;

export function emptyEnhancers(): EnhancerMetadata {
  return { guards: [], interceptors: [], pipes: [], filters: [] };
}
