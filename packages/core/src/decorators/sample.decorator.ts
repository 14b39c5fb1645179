import type { CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { collectParam } from '../metadata/metadata-store';
import type { AfterKeys, Computed, QuestionInput } from '../mrtr/dependency-spec';
import { checkDecoratorOptions } from './decorator-options';
import { methodOfParam } from './param-decorator-target';

/** `A` types the arguments the request function sees, `R` the answers it waits for (by key), as for `@Elicit`. */
export interface SampleOptions<A = Record<string, unknown>, R extends object = Record<string, unknown>> {
  request: Computed<CreateMessageRequestParams, A, R>;
  key?: string;
  after?: AfterKeys<R>;
  /** Ask only when this returns true (from the arguments and earlier answers/outcomes); else the parameter is `undefined`. */
  when?: (input: QuestionInput<A, R>) => boolean;
}

const SAMPLE_OPTIONS = { request: true, key: true, after: true, when: true } as const satisfies Record<
  keyof SampleOptions,
  true
>;

/** Fills the parameter with the client's LLM completion (`CreateMessageResult`) for the given request. */
export function Sample<A = Record<string, unknown>, R extends object = Record<string, unknown>>(
  request: Computed<CreateMessageRequestParams, A, R> | SampleOptions<A, R>,
): ParameterDecorator {
  const options = (
    typeof request === 'object' && request !== null && 'request' in request ? request : { request }
  ) as SampleOptions;
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'Sample');
    checkDecoratorOptions(options, SAMPLE_OPTIONS, `@Sample() on parameter #${index} of ${cls.name}.${String(method)}`);
    collectParam(cls, method, {
      kind: 'dependency',
      index,
      spec: { kind: 'sampling', decorator: '@Sample', ...options },
    });
  };
}
