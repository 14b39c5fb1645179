import type { EnhancerKind } from './enhancer.metadata';

/** The one method an instance must have to serve as each kind of enhancer, and the decorator that attaches it. */
export const ENHANCER_SHAPE: Readonly<Record<EnhancerKind, { method: string; decorator: string }>> = {
  guards: { method: 'canActivate', decorator: 'UseGuards' },
  interceptors: { method: 'intercept', decorator: 'UseInterceptors' },
  pipes: { method: 'transform', decorator: 'UsePipes' },
  filters: { method: 'catch', decorator: 'UseFilters' },
};

/**
 * Why `ref` cannot be an enhancer of this kind, or `undefined` when it can: a class (resolved from the
 * container per call; its prototype must have the method) or an object with the method.
 */
export function enhancerShapeProblem(kind: EnhancerKind, ref: unknown): string | undefined {
  const { method } = ENHANCER_SHAPE[kind];
  if (typeof ref === 'function') {
    return typeof (ref.prototype as Record<string, unknown> | undefined)?.[method] === 'function'
      ? undefined
      : `class ${ref.name || '(anonymous)'} has no ${method}() method`;
  }
  if (typeof ref === 'object' && ref !== null && typeof (ref as Record<string, unknown>)[method] === 'function')
    return undefined;
  return `${describe(ref)} is neither a class nor an object with ${method}()`;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'object') return `an object with keys [${Object.keys(value).join(', ')}]`;
  return `${typeof value} ${JSON.stringify(value)}`;
}
