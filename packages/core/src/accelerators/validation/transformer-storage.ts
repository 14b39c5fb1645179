/* eslint-disable @typescript-eslint/no-require-imports -- class-transformer's storage module, not exported */

/**
 * class-transformer's metadata storage, which its root does not export: `@Type()` records read directly (the
 * public way asks `plainToInstance`), and whether a class has any metadata at all (then `plainToInstance` only
 * copies keys: copy-flat-input.ts).
 */
interface TypeMetadata {
  typeFunction: (options?: unknown) => unknown;
}
interface TransformerStorage {
  findTypeMetadata(target: Function, propertyName: string): TypeMetadata | undefined;
}

const MAPS = ['_typeMetadatas', '_transformMetadatas', '_exposeMetadatas', '_excludeMetadatas'] as const;
type Held = Record<(typeof MAPS)[number], Map<Function, unknown>>;

function storage(): TransformerStorage & Held {
  return (require('class-transformer/cjs/storage') as { defaultMetadataStorage: TransformerStorage & Held })
    .defaultMetadataStorage;
}

/** What this file reads of the storage; empty when all of it is there. */
export function probeTransformerStorage(): string[] {
  const store = storage() as unknown as Record<string, unknown> | undefined;
  if (!store || typeof store !== 'object') return ['class-transformer/cjs/storage defaultMetadataStorage is gone'];
  const changed: string[] = [];
  if (typeof store.findTypeMetadata !== 'function') changed.push('defaultMetadataStorage.findTypeMetadata()');
  for (const map of MAPS) if (!(store[map] instanceof Map)) changed.push(`defaultMetadataStorage.${map} (a Map)`);
  return changed;
}

export interface TransformerMetadata {
  /** The class named by `@Type(() => X)` on a property (own or inherited), if any. */
  typeOf(cls: Function, propertyName: string): unknown;
  /** True when the storage holds nothing for this class or its ancestors: no `@Type`, `@Transform`, `@Expose`, `@Exclude`. */
  isBare(cls: Function): boolean;
}

export function transformerMetadata(): TransformerMetadata {
  const store = storage();
  const records = MAPS.map((map) => () => store[map]);
  // Decorators run when a class is defined, so a class's answer never changes once asked.
  const bare = new WeakMap<Function, boolean>();
  return {
    typeOf(cls, propertyName) {
      const meta = store.findTypeMetadata(cls, propertyName);
      return meta ? meta.typeFunction() : undefined;
    },
    isBare(cls) {
      let answer = bare.get(cls);
      if (answer === undefined)
        bare.set(cls, (answer = ancestry(cls).every((c) => !records.some((held) => held().has(c)))));
      return answer;
    },
  };
}

function ancestry(cls: Function): Function[] {
  const chain: Function[] = [];
  for (let c: unknown = cls; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c))
    chain.push(c);
  return chain;
}
