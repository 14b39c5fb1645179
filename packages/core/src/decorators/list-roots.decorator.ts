import { collectParam } from '../metadata/metadata-store';
import { methodOfParam } from './param-decorator-target';

export interface ListRootsOptions {
  key?: string;
  after?: readonly string[];
}

/** Fills the parameter with the client's roots (`Root[]`). */
export function ListRoots(options: ListRootsOptions = {}): ParameterDecorator {
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'ListRoots');
    collectParam(cls, method, { kind: 'dependency', index, spec: { type: 'list-roots', decorator: '@ListRoots', ...options } });
  };
}
