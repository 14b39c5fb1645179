import type { QuestionInput } from '../mrtr/dependency-spec';
import { collectParam } from '../metadata/metadata-store';
import { methodOfParam } from './param-decorator-target';

export interface ListRootsOptions {
  key?: string;
  after?: readonly string[];
  /** Ask only when this returns true (from the arguments and earlier answers/outcomes); else the parameter is `undefined`. */
  when?: (input: QuestionInput) => boolean;
}

/** Fills the parameter with the client's roots (`Root[]`). */
export function ListRoots(options: ListRootsOptions = {}): ParameterDecorator {
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'ListRoots');
    collectParam(cls, method, {
      kind: 'dependency',
      index,
      spec: { kind: 'roots', decorator: '@ListRoots', ...options },
    });
  };
}
