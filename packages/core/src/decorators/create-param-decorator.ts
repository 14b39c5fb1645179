import { collectParam } from '../metadata/metadata-store';
import type { ExecutionContext } from '../contracts/execution-context';
import { methodOfParam } from './param-decorator-target';

/**
 * Builds a custom parameter decorator: `resolve` runs per call, after the guards, and its result
 * (awaited) is injected. Example: `const TenantId = createParamDecorator((ctx) => ctx.principal?.clientId)`.
 */
export function createParamDecorator<D = undefined>(
  resolve: (ctx: ExecutionContext, data: D) => unknown,
): (data?: D) => ParameterDecorator {
  return (data?: D) => (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'createParamDecorator');
    collectParam(cls, method, {
      kind: 'custom',
      index,
      resolve: resolve as (ctx: ExecutionContext, data: unknown) => unknown,
      data,
    });
  };
}
