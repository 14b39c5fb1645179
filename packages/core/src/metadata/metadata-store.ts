import { DuplicateCoreInstanceError } from '../errors/definition/duplicate-core-instance.error';
import type { Class } from '../types/class';
import type { HandlerMetadata } from './definitions/handler.metadata';
import type { ParamMetadata } from './definitions/param.metadata';
import { emptyEnhancers, type EnhancerKind, type EnhancerMetadata, type EnhancerRef } from './definitions/enhancer.metadata';

/** What one class declares itself; parents are merged by the compiler, never copied here. */
export interface ClassMetadata {
  provider?: ProviderOptions;
  handlers: Map<string | symbol, HandlerMetadata>;
  params: Map<string | symbol, ParamMetadata[]>;
  classEnhancers: EnhancerMetadata;
  methodEnhancers: Map<string | symbol, EnhancerMetadata>;
}

export interface ProviderOptions {
  /** Prepended to every tool and prompt name of the class (`prefix` + `_` + name). */
  prefix?: string;
}

// Two copies of core would each keep their own store and silently miss each other's decorators.
const SLOT = Symbol.for('tessera.core');
const globalSlots = globalThis as unknown as Record<symbol, unknown>;
if (globalSlots[SLOT]) throw new DuplicateCoreInstanceError();
globalSlots[SLOT] = true;

const store = new WeakMap<Class, ClassMetadata>();

function ensure(target: Class): ClassMetadata {
  let meta = store.get(target);
  if (!meta) {
    meta = { handlers: new Map(), params: new Map(), classEnhancers: emptyEnhancers(), methodEnhancers: new Map() };
    store.set(target, meta);
  }
  return meta;
}

export function getOwnMetadata(target: Class): ClassMetadata | undefined {
  return store.get(target);
}

export function collectHandler(target: Class, meta: HandlerMetadata): void {
  ensure(target).handlers.set(meta.methodName, meta);
}

export function collectParam(target: Class, methodName: string | symbol, meta: ParamMetadata): void {
  const params = ensure(target).params;
  const list = params.get(methodName) ?? [];
  list.push(meta);
  params.set(methodName, list);
}

export function collectProvider(target: Class, options: ProviderOptions): void {
  ensure(target).provider = options;
}

export function collectEnhancers<K extends EnhancerKind>(
  target: Class,
  methodName: string | symbol | undefined,
  kind: K,
  refs: EnhancerMetadata[K],
): void {
  const meta = ensure(target);
  let bucket = meta.classEnhancers;
  if (methodName !== undefined) {
    bucket = meta.methodEnhancers.get(methodName) ?? emptyEnhancers();
    meta.methodEnhancers.set(methodName, bucket);
  }
  (bucket[kind] as EnhancerRef<unknown>[]).push(...refs);
}
