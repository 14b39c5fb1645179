import type { CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { collectParam } from '../metadata/metadata-store';
import type { Computed } from '../mrtr/dependency-spec';
import { methodOfParam } from './param-decorator-target';

export interface SampleOptions {
  request: Computed<CreateMessageRequestParams>;
  key?: string;
  after?: readonly string[];
}

/** Fills the parameter with the client's LLM completion (`CreateMessageResult`) for the given request. */
export function Sample(request: Computed<CreateMessageRequestParams> | SampleOptions): ParameterDecorator {
  const options: SampleOptions = typeof request === 'object' && request !== null && 'request' in request ? request : { request };
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'Sample');
    collectParam(cls, method, { kind: 'dependency', index, spec: { type: 'sample', decorator: '@Sample', ...options } });
  };
}
