import { collectParam } from '../metadata/metadata-store';
import { methodOfParam } from './param-decorator-target';

/** Injects the verified caller (`Principal`), or `undefined` when the request carries no verified auth. */
export function Principal(): ParameterDecorator {
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'Principal');
    collectParam(cls, method, { kind: 'principal', index });
  };
}
