import type { JsonSchema } from '../schema/json-schema';
import { jsonSchemaForDto } from '../schema/json-schema-for-dto';
import type { HandlerPlan } from './handler-plan';

/**
 * The closed sets of values a prompt's or template's arguments accept (`@IsIn`, `@IsEnum`), by argument
 * name: what `completion/complete` offers. Read once from the DTO's schema at startup.
 */
export function completionOptions(plan: HandlerPlan): Map<string, readonly string[]> {
  const options = new Map<string, readonly string[]>();
  if (!plan.argsType) return options;
  const properties = (jsonSchemaForDto(plan.argsType).properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, schema] of Object.entries(properties)) {
    const values = enumValues(schema);
    if (values.length > 0) options.set(name, values);
  }
  return options;
}

function enumValues(schema: JsonSchema): string[] {
  const s = schema as { enum?: unknown[]; oneOf?: Array<{ const?: unknown }>; anyOf?: Array<{ const?: unknown }> };
  const raw = s.enum ?? (s.oneOf ?? s.anyOf)?.map((o) => o.const) ?? [];
  return raw.filter((v) => v !== undefined && v !== null).map(String);
}
