import type { AfterKeys, QuestionInput } from '../mrtr/dependency-spec';
import { collectParam } from '../metadata/metadata-store';
import { checkDecoratorOptions } from './decorator-options';
import { methodOfParam } from './param-decorator-target';

/** `A` and `R` type what `when` sees, as for `@Elicit`. */
export interface ListRootsOptions<A = Record<string, unknown>, R extends object = Record<string, unknown>> {
  key?: string;
  after?: AfterKeys<R>;
  /** Ask only when this returns true (from the arguments and earlier answers/outcomes); else the parameter is `undefined`. */
  when?: (input: QuestionInput<A, R>) => boolean;
}

const LIST_ROOTS_OPTIONS = { key: true, after: true, when: true } as const satisfies Record<
  keyof ListRootsOptions,
  true
>;

/** Fills the parameter with the client's roots (`Root[]`). */
export function ListRoots<A = Record<string, unknown>, R extends object = Record<string, unknown>>(
  options: ListRootsOptions<A, R> = {},
): ParameterDecorator {
  const untyped = options as ListRootsOptions;
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'ListRoots');
    checkDecoratorOptions(
      untyped,
      LIST_ROOTS_OPTIONS,
      `@ListRoots() on parameter #${index} of ${cls.name}.${String(method)}`,
    );
    collectParam(cls, method, {
      kind: 'dependency',
      index,
      spec: { kind: 'roots', decorator: '@ListRoots', ...untyped },
    });
  };
}
