import type { EnhancerRef } from '../metadata/definitions/enhancer.metadata';

/** How an enhancer is named in a pipeline listing: its class name, or an instance's constructor name. */
export function enhancerName(ref: EnhancerRef<unknown>): string {
  if (typeof ref === 'function') return ref.name || '(anonymous class)';
  const ctor = (ref as object | null)?.constructor;
  return ctor && ctor !== Object && ctor.name ? `${ctor.name} instance` : '(object)';
}
