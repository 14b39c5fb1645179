import type { FieldMetadata } from './field.metadata';
import { getPropertyType as getPropertyDesignType } from '../metadata/reflect';
import { getTransformerType } from './transformer-metadata';
import type { JsonSchema } from './json-schema';
import type { Class } from '../types/class';

/** What the TypeScript declaration says about a property: an array or not, and the (element) type. */
export interface DeclaredType {
  array: boolean;
  element: unknown;
}

/** `@Field({ type })` first, then class-transformer's `@Type()`, then `design:type`. */
export function getDeclaredType(cls: Class, propertyName: string, field: FieldMetadata | undefined): DeclaredType {
  if (field?.type) {
    const type = field.type();
    return Array.isArray(type) ? { array: true, element: type[0] } : { array: false, element: type };
  }
  const design = getPropertyDesignType(cls, propertyName);
  const transformed = getTransformerType(cls, propertyName);
  if (design === Array) return { array: true, element: transformed };
  return { array: false, element: transformed ?? design };
}

const BUILT_INS = new Map<unknown, JsonSchema>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
  [Date, { type: 'string', format: 'date-time' }],
  [Object, {}],
  [Array, {}],
  [undefined, {}],
]);

/** The schema a built-in constructor stands for, or `undefined` when `type` is a class (a nested DTO). */
export function builtInSchema(type: unknown): JsonSchema | undefined {
  const schema = BUILT_INS.get(type);
  // a fresh object built key by key, not a spread copy: V8 gives a spread copy that then gains keywords a hidden
  // class of its own, so every property schema of every DTO would hold one
  if (schema) return Object.assign({}, schema);
  return typeof type === 'function' ? undefined : {};
}
