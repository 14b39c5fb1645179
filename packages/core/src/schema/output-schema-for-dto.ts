import { compileDtoModel } from './dto-model';
import type { ObjectJsonSchema } from './json-schema';
import type { Class } from '../types/class';

/** A tool's `outputSchema` from its output DTO: the same generator (and cached object) as `jsonSchemaForDto`. */
export function outputSchemaForDto(cls: Class): Readonly<ObjectJsonSchema> {
  return compileDtoModel(cls).schema;
}
