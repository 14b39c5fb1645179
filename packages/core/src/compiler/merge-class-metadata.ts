import type { HandlerMetadata } from '../metadata/definitions/handler.metadata';
import type { ParamMetadata } from '../metadata/definitions/param.metadata';
import { emptyEnhancers, type EnhancerKind, type EnhancerMetadata } from '../metadata/definitions/enhancer.metadata';
import { getOwnMetadata, type ProviderOptions } from '../metadata/metadata-store';
import type { Class } from '../types/class';

/** A provider class's metadata with its ancestors' merged in: what the compiler works from. */
export interface MergedClassMetadata {
  provider: ProviderOptions;
  handlers: Map<string | symbol, HandlerMetadata>;
  params: Map<string | symbol, ParamMetadata[]>;
  classEnhancers: EnhancerMetadata;
  methodEnhancers: Map<string | symbol, EnhancerMetadata>;
}

/**
 * Walks from the oldest ancestor down to `cls`. A subclass inherits decorated methods, may re-decorate
 * one (its decorator and its parameter decorators replace the parent's), or override it undecorated (the
 * parent's decorator and parameter decorators stay, the subclass body runs). Enhancers accumulate,
 * ancestors' first, so a parent's method guard still protects a re-decorated override.
 */
export function mergeClassMetadata(cls: Class): MergedClassMetadata {
  const chain: Class[] = [];
  for (let c: unknown = cls; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    chain.unshift(c as Class);
  }
  const merged: MergedClassMetadata = {
    provider: {},
    handlers: new Map(),
    params: new Map(),
    classEnhancers: emptyEnhancers(),
    methodEnhancers: new Map(),
  };
  // Maps walked with forEach, arrays by index: createApp runs this once per provider class, mostly in the
  // interpreter, where for...of allocates a result object (and an entry pair) per step
  for (let i = 0; i < chain.length; i++) {
    const own = getOwnMetadata(chain[i]!);
    if (!own) continue;
    if (own.provider) {
      // a subclass adds scopes to its parent's, never drops them
      const scopes = [...(merged.provider.scopes ?? []), ...(own.provider.scopes ?? [])];
      merged.provider = { ...merged.provider, ...own.provider, ...(scopes.length > 0 && { scopes }) };
    }
    own.handlers.forEach((handler, method) => {
      merged.handlers.set(method, handler);
      // A re-decorated override has its own signature: the parent's parameter decorators must not
      // land on its positions (they would name a DTO the override does not take).
      merged.params.set(method, own.params.get(method) ?? []);
    });
    own.params.forEach((params, method) => merged.params.set(method, params));
    appendEnhancers(merged.classEnhancers, own.classEnhancers);
    own.methodEnhancers.forEach((enh, method) => {
      const target = merged.methodEnhancers.get(method) ?? emptyEnhancers();
      appendEnhancers(target, enh);
      merged.methodEnhancers.set(method, target);
    });
  }
  return merged;
}

export function appendEnhancers(target: EnhancerMetadata, source: EnhancerMetadata): void {
  for (const kind of Object.keys(source) as EnhancerKind[]) {
    (target[kind] as unknown[]).push(...source[kind]);
  }
}
