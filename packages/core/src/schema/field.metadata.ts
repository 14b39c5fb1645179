import type { Class } from '../types/class';

/** A type `@Field` can name: a primitive's constructor, `Date`, `Object` (free-form) or a nested DTO class. */
export type FieldType =
  StringConstructor | NumberConstructor | BooleanConstructor | DateConstructor | ObjectConstructor | Class;

/** `() => Item` for a single value, `() => [Item]` for an array of them. */
export type FieldTypeThunk = () => FieldType | [FieldType];

export interface FieldOptions {
  description?: string;
  title?: string;
  examples?: unknown[];
  default?: unknown;
  /** The type when reflection cannot see it, chiefly the item type of an array: `() => [String]`, `() => [Item]`. */
  type?: FieldTypeThunk;
  /** A JSON Schema `format` (overrides the one derived from validators). */
  format?: string;
  deprecated?: boolean;
  /** Same as `@IsOptional()`: the property may be absent. */
  optional?: boolean;
  /**
   * With `optional` (or `@IsOptional()`): the property may also be `null`, and the schema's type gains `"null"`.
   * Without it an optional property may be left out, but a null is refused, as the schema says.
   */
  nullable?: boolean;
  /** Display titles of enum options (`value -> title`); the schema then uses titled `oneOf` / `anyOf` options. */
  enumTitles?: Record<string, string>;
  /**
   * Mirrors this tool argument into the HTTP header `Mcp-Param-{header}` (advertised as `x-mcp-header`), so
   * proxies and gateways can route on it without reading the body. Clients send the header; the server
   * refuses a call whose header and argument disagree. String, integer and boolean fields only; the name is
   * an HTTP token, unique in the tool regardless of case.
   */
  header?: string;
}

export interface FieldMetadata extends FieldOptions {
  propertyName: string;
}

// Own fields only, keyed by the class; parents are merged on read (getFieldMetadata). A class of one field (a
// one-argument tool's DTO) keeps that field's record alone rather than a Map of one: a Map and its table are
// about 180 bytes a class, kept for the app's life.
const store = new WeakMap<Class, FieldMetadata | Map<string, FieldMetadata>>();

export function collectField(target: Class, meta: FieldMetadata): void {
  const own = store.get(target);
  if (own === undefined || (!(own instanceof Map) && own.propertyName === meta.propertyName)) store.set(target, meta);
  else if (own instanceof Map) own.set(meta.propertyName, meta);
  else
    store.set(
      target,
      new Map([
        [own.propertyName, own],
        [meta.propertyName, meta],
      ]),
    );
}

const NO_FIELDS: ReadonlyMap<string, FieldMetadata> = new Map();

/** The class's own fields in declaration order: its Map, or a Map of its one field made for this read. */
function ownFields(cls: Class): ReadonlyMap<string, FieldMetadata> | undefined {
  const own = store.get(cls);
  return own === undefined || own instanceof Map ? own : new Map([[own.propertyName, own]]);
}

/** Fields of `cls` and its parents; a subclass's declaration of a property replaces its parent's. Read only. */
export function getFieldMetadata(cls: Class): ReadonlyMap<string, FieldMetadata> {
  // A class that extends nothing (most DTOs) has only its own fields: nothing to merge (read once per class,
  // when its model is compiled).
  if (Object.getPrototypeOf(cls) === Function.prototype) return ownFields(cls) ?? NO_FIELDS;
  const chain: Class[] = [];
  for (let c: unknown = cls; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    chain.unshift(c as Class);
  }
  const merged = new Map<string, FieldMetadata>();
  for (const c of chain) for (const [name, meta] of ownFields(c) ?? []) merged.set(name, meta);
  return merged;
}
