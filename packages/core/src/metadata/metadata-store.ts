import { DuplicateCoreInstanceError } from '../errors/definition/duplicate-core-instance.error';
import type { Class } from '../types/class';
import type { HandlerMetadata } from './definitions/handler.metadata';
import type { ParamMetadata } from './definitions/param.metadata';
import {
  emptyEnhancers,
  type EnhancerKind,
  type EnhancerMetadata,
  type EnhancerRef,
} from './definitions/enhancer.metadata';

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
  /** OAuth scopes every tool, prompt and resource of the class (and of its subclasses) needs. */
  scopes?: string[];
}

/** Bumped whenever `ClassMetadata` changes shape: copies of core with another format cannot share a store. */
export const STORE_FORMAT = 1;

interface StoreSlot {
  format: number;
  store: WeakMap<Class, ClassMetadata>;
}

// Two copies of core with their own stores would silently miss each other's decorators. Copies of the
// same format share one store through a global slot (a module loaded twice, as under jest.resetModules);
// a copy with another format fails loudly.
const SLOT = Symbol.for('tessera.core.metadata');
const globalSlots = globalThis as unknown as Record<symbol, StoreSlot | undefined>;
const existing = globalSlots[SLOT];
if (existing && existing.format !== STORE_FORMAT) throw new DuplicateCoreInstanceError(existing.format, STORE_FORMAT);
const store = existing?.store ?? new WeakMap<Class, ClassMetadata>();
globalSlots[SLOT] = { format: STORE_FORMAT, store };

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
  const list = params.get(methodName);
  // a method's first parameter starts an exact list of one (a list grown by push keeps room for 16, for the app's life)
  if (list) list.push(meta);
  else params.set(methodName, [meta]);
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
