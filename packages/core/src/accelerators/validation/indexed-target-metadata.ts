import type { MetadataStorage } from 'class-validator';
import type { ValidationMetadata } from '../../metadata/validation-accelerator';

/**
 * `getMetadataStorage().getTargetValidationMetadatas(cls, '', false, false)` (no groups), with the same
 * result in the same order, without its cost: class-validator finds a class's inherited metadata by testing
 * `cls.prototype instanceof` against EVERY class that has metadata, so compiling an app's DTOs one by one
 * costs O(DTOs²) (a large share of createApp with many tools). Here the ancestors are found by walking the
 * class's prototype chain, against an index of the storage's own `validationMetadatas` map (by prototype, and
 * by insertion order, which is the order class-validator concatenates them in) rebuilt only when a class gained
 * metadata since. Anything the index cannot stand for (a schema registered by name, a key with its own
 * `Symbol.hasInstance` or without an object prototype) hands the question back (undefined).
 */
type Metadatas = Map<Function | string, ValidationMetadata[]>;

/** What the index reads of the storage beyond its public API; empty when all of it is there. */
export function probeIndexedTargetMetadata(store: MetadataStorage): string[] {
  return metadatasOf(store) ? [] : ['MetadataStorage.validationMetadatas (a Map by target) is gone'];
}

function metadatasOf(store: MetadataStorage): Metadatas | undefined {
  const map = (store as unknown as { validationMetadatas?: unknown }).validationMetadatas;
  return map instanceof Map ? (map as Metadatas) : undefined;
}

export function indexedTargetMetadatas(store: MetadataStorage): (cls: Function) => ValidationMetadata[] | undefined {
  let indexedSize = -1;
  let byPrototype = new Map<object, { key: Function; position: number }>();
  let indexable = false;

  function reindex(map: Metadatas): void {
    indexedSize = map.size;
    byPrototype = new Map();
    indexable = true;
    let position = 0;
    for (const key of map.keys()) {
      const prototype = typeof key === 'function' ? (key as { prototype?: unknown }).prototype : undefined;
      const plain =
        typeof key === 'function' &&
        typeof prototype === 'object' &&
        prototype !== null &&
        (key as unknown as Record<symbol, unknown>)[Symbol.hasInstance] === Function.prototype[Symbol.hasInstance];
      if (!plain || byPrototype.has(prototype)) {
        indexable = false;
        return;
      }
      byPrototype.set(prototype, { key, position: position++ });
    }
  }

  return (cls) => {
    const map = metadatasOf(store);
    if (map && map.size !== indexedSize) reindex(map);
    const prototype = (cls as { prototype?: unknown }).prototype;
    if (!map || !indexable || typeof prototype !== 'object' || prototype === null) return undefined;
    const original = (map.get(cls) ?? []).filter((m) => m.target === cls || m.target === '');
    const ancestors: Array<{ key: Function; position: number }> = [];
    for (let p = Object.getPrototypeOf(prototype); p !== null; p = Object.getPrototypeOf(p)) {
      const found = byPrototype.get(p);
      if (found && found.key !== cls) ancestors.push(found);
    }
    if (!ancestors.length) return original;
    ancestors.sort((a, b) => a.position - b.position);
    const inherited = ancestors
      .flatMap(({ key }) => map.get(key)!)
      .filter(
        (m) =>
          typeof m.target !== 'string' &&
          m.target !== cls &&
          !(m.target instanceof Function && !((prototype as object) instanceof m.target)),
      );
    const unique = inherited.filter(
      (i) => !original.find((o) => o.propertyName === i.propertyName && o.type === i.type),
    );
    return original.concat(unique);
  };
}
