import type { defaultMetadataStorage as Storage } from 'class-transformer/types/storage';

// class-transformer keeps `@Type()` records in a storage module it does not re-export from its root.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: typeof Storage };

/** The class named by class-transformer's `@Type(() => X)` on a property (own or inherited), if any. */
export function getTransformerType(cls: Function, propertyName: string): unknown {
  const meta = defaultMetadataStorage.findTypeMetadata(cls, propertyName);
  return meta ? meta.typeFunction() : undefined;
}
