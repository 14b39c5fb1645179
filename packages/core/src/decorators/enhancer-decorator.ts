import { InvalidDecoratorUseError } from '../errors/definition/invalid-decorator-use.error';
import { collectEnhancers } from '../metadata/metadata-store';
import type { EnhancerKind, EnhancerMetadata } from '../metadata/definitions/enhancer.metadata';
import { ENHANCER_SHAPE, enhancerShapeProblem } from '../metadata/definitions/enhancer-shape';
import type { Class } from '../types/class';

/**
 * The body of `@UseGuards`, `@UseInterceptors`, `@UsePipes` and `@UseFilters`: on a class (all its handlers)
 * or one method, appending. Each enhancer is checked here, at decoration, so a wrong one fails at import
 * naming the class and method instead of on the first call.
 */
export function enhancerDecorator<K extends EnhancerKind>(
  kind: K,
  refs: EnhancerMetadata[K],
): ClassDecorator & MethodDecorator {
  return ((target: object, methodName?: string | symbol) => {
    const cls = (methodName === undefined ? target : target.constructor) as Class;
    refs.forEach((ref, i) => {
      const problem = enhancerShapeProblem(kind, ref);
      if (problem === undefined) return;
      const where = methodName === undefined ? cls.name : `${cls.name}.${String(methodName)}`;
      throw new InvalidDecoratorUseError(
        `@${ENHANCER_SHAPE[kind].decorator}() on ${where}: argument #${i + 1} ${problem}.`,
      );
    });
    collectEnhancers(cls, methodName, kind, refs);
  }) as ClassDecorator & MethodDecorator;
}
