import type { CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { collectParam } from '../metadata/metadata-store';
import type { Computed, QuestionInput } from '../mrtr/dependency-spec';
import { methodOfParam } from './param-decorator-target';

export interface SampleOptions<A = Record<string, unknown>> {
  request: Computed<CreateMessageRequestParams, A>;
  key?: string;
  after?: readonly string[];
  /** Ask only when this returns true (from the arguments and earlier answers/outcomes); else the parameter is `undefined`. */
  when?: (input: QuestionInput<A>) => boolean;
}

/** Fills the parameter with the client's LLM completion (`CreateMessageResult`) for the given request. */
export function Sample<A = Record<string, unknown>>(
  request: Computed<CreateMessageRequestParams, A> | SampleOptions<A>,
): ParameterDecorator {
  const options = (
    typeof request === 'object' && request !== null && 'request' in request ? request : { request }
  ) as SampleOptions;
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'Sample');
    collectParam(cls, method, {
      kind: 'dependency',
      index,
      spec: { kind: 'sampling', decorator: '@Sample', ...options },
    });
  };
}
