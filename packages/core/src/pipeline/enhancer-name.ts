import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';

/**
 * How an enhancer is named in a pipeline listing: a class by its name; an instance by its own `name`
 * string when it has one, else by its constructor's name; a plain object without a `name` by the
 * methods it implements (`object { intercept }`), so two literals in one chain can still be told apart.
 */
export function enhancerName(ref: EnhancerRef<unknown>): string {
  if (typeof ref === 'function') return ref.name || '(anonymous class)';
  if (ref === null || typeof ref !== 'object') return String(ref);
  const own = (ref as { name?: unknown }).name;
  if (typeof own === 'string' && own !== '') return own;
  const ctor = (ref as object).constructor;
  if (ctor && ctor !== Object && ctor.name) return `${ctor.name} instance`;
  const methods = Object.keys(ref).filter((k) => typeof (ref as Record<string, unknown>)[k] === 'function');
  return `object { ${methods.join(', ')} }`;
}
