import type { Class } from '../types/class';

/** What `@Complete` records: which prompt or template argument a method completes. */
export interface CompleterMetadata {
  methodName: string | symbol;
  /** `prompt:<name>` or `template:<uriTemplate>`, as completion requests name their target. */
  target: string;
  argument: string;
}

// Kept beside the class store rather than in it: the class store's shape is shared across loaded copies of core.
const SLOT = Symbol.for('tessera.core.completers');
const slots = globalThis as unknown as Record<symbol, WeakMap<Class, CompleterMetadata[]> | undefined>;
const store = (slots[SLOT] ??= new WeakMap<Class, CompleterMetadata[]>());

export function collectCompleter(target: Class, meta: CompleterMetadata): void {
  const list = store.get(target);
  if (list) list.push(meta);
  else store.set(target, [meta]);
}

/** The completers a class and its ancestors declare, ancestors' first. */
export function completersOf(cls: Class): CompleterMetadata[] {
  const found: CompleterMetadata[] = [];
  for (let c: unknown = cls; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c))
    found.unshift(...(store.get(c as Class) ?? []));
  return found;
}
