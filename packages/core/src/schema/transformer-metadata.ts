import type { defaultMetadataStorage as Storage } from 'class-transformer/types/storage';

// class-transformer keeps `@Type()` records in a storage module it does not re-export from its root.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: typeof Storage;
};

/** The class named by class-transformer's `@Type(() => X)` on a property (own or inherited), if any. */
export function getTransformerType(cls: Function, propertyName: string): unknown {
  const meta = defaultMetadataStorage.findTypeMetadata(cls, propertyName);
  return meta ? meta.typeFunction() : undefined;
}

// Decorators run when a class is defined, so a class's answer never changes once asked.
const BARE = new WeakMap<Function, boolean>();

/**
 * True when class-transformer holds nothing for this class or its ancestors: no `@Type`, `@Transform`,
 * `@Expose` or `@Exclude`, on a property or on the class. Its `plainToInstance` then only copies keys.
 */
export function hasNoTransformerMetadata(cls: Function): boolean {
  let bare = BARE.get(cls);
  if (bare === undefined)
    BARE.set(cls, (bare = ancestry(cls).every((c) => !RECORDS.some((records) => records().has(c)))));
  return bare;
}

// The storage's own maps by target class (the class, for property and class decorators alike).
const held = defaultMetadataStorage as unknown as Record<
  '_typeMetadatas' | '_transformMetadatas' | '_exposeMetadatas' | '_excludeMetadatas',
  Map<Function, unknown>
>;
const RECORDS = [
  () => held._typeMetadatas,
  () => held._transformMetadatas,
  () => held._exposeMetadatas,
  () => held._excludeMetadatas,
];

function ancestry(cls: Function): Function[] {
  const chain: Function[] = [];
  for (let c: unknown = cls; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c))
    chain.push(c);
  return chain;
}
