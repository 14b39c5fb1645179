import type { ToolInputSchema, ToolOutputSchema } from '@tessera/core';
import type { ApiOperation } from './api-operation';

/** The property the request body travels in, beside the parameters. */
export const BODY_ARGUMENT = 'body';

/**
 * The tool's arguments: one property per path, query and header parameter (under its own name), and the JSON
 * request body as `body`. OpenAPI 3.0's dialect is brought to JSON Schema (`nullable`, `example`) on the way.
 */
export function operationInputSchema(operation: ApiOperation): ToolInputSchema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'cookie') continue;
    properties[parameter.name] = {
      ...jsonSchema(parameter.schema ?? { type: 'string' }),
      ...(parameter.description !== undefined && { description: parameter.description }),
    };
    if (parameter.required === true || parameter.in === 'path') required.push(parameter.name);
  }
  if (operation.body !== undefined) {
    properties[BODY_ARGUMENT] = {
      ...jsonSchema(operation.body.schema),
      ...(operation.body.description !== undefined && { description: operation.body.description }),
    };
    if (operation.body.required) required.push(BODY_ARGUMENT);
  }
  return { type: 'object', properties, ...(required.length > 0 && { required }) };
}

/**
 * The tool's `outputSchema`: the JSON schema of the operation's first 2xx answer, when its root is an object
 * (what `outputSchema` must be; an answer of another shape stays text only).
 */
export function operationOutputSchema(operation: ApiOperation): { outputSchema?: ToolOutputSchema } {
  if (operation.output?.type !== 'object') return {};
  return { outputSchema: jsonSchema(operation.output) as ToolOutputSchema };
}

/** A copy of an OpenAPI 3.0 schema as JSON Schema: `nullable` into the type, `example` into `examples`. */
export function jsonSchema(schema: unknown, seen = new WeakMap<object, unknown>()): Record<string, unknown> {
  return convert(schema, seen) as Record<string, unknown>;
}

function convert(value: unknown, seen: WeakMap<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => convert(item, seen));
  const known = seen.get(value);
  if (known !== undefined) return known; // a circular schema stays circular, and is refused as not JSON later
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const [key, item] of Object.entries(value)) {
    if (key === 'nullable' || key === 'example' || key === 'xml' || key === 'discriminator') continue;
    out[key] = convert(item, seen);
  }
  const source = value as Record<string, unknown>;
  if (source.nullable === true && typeof source.type === 'string') out.type = [source.type, 'null'];
  if (source.example !== undefined && out.examples === undefined) out.examples = [source.example];
  return out;
}
