import { specTypeSchemas, type SpecTypeName } from '@modelcontextprotocol/server';

/** What checking a value against one of the SDK's spec schemas gives: its output, or the SDK's error text. */
export type SchemaCheck = { ok: true; value: unknown } | { ok: false; message: string };

interface ParsingSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: unknown };
}

/**
 * Checks `value` against the SDK's own schema for a spec type, as the SDK's server does (its schemas are
 * zod's, typed as Standard Schema): the output is the schema's (what the SDK sends on), and a failure reads
 * as the SDK words it (`String` of the error).
 */
export function checkSpecType(name: SpecTypeName, value: unknown): SchemaCheck {
  const schema = specTypeSchemas[name] as unknown as Partial<ParsingSchema>;
  if (typeof schema.safeParse === 'function') {
    const parsed = schema.safeParse(value);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: String(parsed.error) };
  }
  // not zod underneath any more: the Standard Schema face, with its issues as the message
  const outcome = specTypeSchemas[name]['~standard'].validate(value) as { value?: unknown; issues?: readonly { message: string }[] };
  return outcome.issues ? { ok: false, message: outcome.issues.map((i) => i.message).join('; ') } : { ok: true, value: outcome.value };
}
