import { collectParam } from '../metadata/metadata-store';
import { methodOfParam } from './param-decorator-target';

/** Injects the request's `ExecutionContext`: protocol, client, auth, progress, logging, abort signal, MRTR state. */
export function Ctx(): ParameterDecorator {
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'Ctx');
    collectParam(cls, method, { kind: 'ctx', index });
  };
}
