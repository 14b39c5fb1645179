import type { InjectionToken } from 'tsyringe';
import { collectParam } from '../metadata/metadata-store';
import { methodOfParam } from './param-decorator-target';

/** Injects a service from the request's container into a handler parameter (constructors use tsyringe's `@inject`). */
export function InjectParam(token: InjectionToken): ParameterDecorator {
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'InjectParam');
    collectParam(cls, method, { kind: 'inject', index, token });
  };
}
