import { compileDtoModel } from './dto-model';
import type { ObjectJsonSchema } from './json-schema';
import type { Class } from '../types/class';

/**
 * The JSON Schema (draft 2020-12) of a DTO class: `type: 'object'`, `properties`, `required` and
 * `additionalProperties: false` (validation rejects unknown fields, so the schema says so too).
 * Built from class-validator metadata, `design:type` and `@Field`; compiled once per class, the same
 * frozen object is returned on every call. Throws `UnsupportedSchemaError` for what cannot be described.
 */
export function jsonSchemaForDto(cls: Class): Readonly<ObjectJsonSchema> {
  return compileDtoModel(cls).schema;
}
