import { compileDtoModel } from './dto-model';
import { UnsupportedSchemaError } from '../errors/definition/unsupported-schema.error';
import type { Class } from '../types/class';

/** One entry of a prompt's `arguments` list (MCP `PromptArgument`). */
export interface PromptArgumentDefinition {
  name: string;
  title?: string;
  description?: string;
  required: boolean;
}

const STRING_LIKE = new Set(['string', 'number', 'integer', 'boolean']);
const cache = new WeakMap<Class, readonly PromptArgumentDefinition[]>();

/**
 * A prompt's `arguments` from its DTO, cached per class. Arguments are strings on the wire; number, integer and
 * boolean properties are converted before validation (`validateArguments(..., { implicitConversion: true })`).
 * Objects and arrays cannot travel as one string: such a property throws `UnsupportedSchemaError`.
 */
export function promptArgumentsForDto(cls: Class): readonly PromptArgumentDefinition[] {
  const cached = cache.get(cls);
  if (cached) return cached;
  const args = compileDtoModel(cls).properties.map((property) => {
    const { type, title, description } = property.schema;
    const hasEnum = Array.isArray(property.schema.enum) || Array.isArray(property.schema.oneOf);
    if (!(typeof type === 'string' && STRING_LIKE.has(type)) && !hasEnum) {
      const kind =
        type === 'array'
          ? 'an array'
          : type === 'object' || property.nested
            ? 'an object'
            : 'a value of no single primitive type';
      throw new UnsupportedSchemaError(
        `${cls.name}.${property.name}`,
        `prompt arguments are strings; ${kind} cannot be one`,
      );
    }
    const arg: PromptArgumentDefinition = { name: property.name, required: property.required };
    if (typeof title === 'string') arg.title = title;
    if (typeof description === 'string') arg.description = description;
    return Object.freeze(arg);
  });
  const frozen = Object.freeze(args);
  cache.set(cls, frozen);
  return frozen;
}
