import { specTypeSchemas, type SpecTypeName } from '@modelcontextprotocol/server';

/** What checking a value against one of the SDK's spec schemas gives: its output, or the SDK's error text. */
export type SchemaCheck = { ok: true; value: unknown } | { ok: false; message: string };

interface ParsingSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: unknown };
}

/** The Standard Schema face every SDK spec schema has (the part of it used here). */
export interface StandardFace {
  '~standard': { validate(value: unknown): unknown };
}

/**
 * Checks `value` against the SDK's own schema for a spec type, as the SDK's server does (its schemas are
 * zod's, typed as Standard Schema): the output is the schema's (what the SDK sends on), and a failure reads
 * as the SDK words it (`String` of the error).
 */
export function checkSpecType(name: SpecTypeName, value: unknown): SchemaCheck {
  return checkWithSchema(specTypeSchemas[name] as StandardFace, value);
}

/** The check itself, for any spec schema: zod's `safeParse` when it has one, else its Standard Schema face. */
export function checkWithSchema(schema: StandardFace & Partial<ParsingSchema>, value: unknown): SchemaCheck {
  if (typeof schema.safeParse === 'function') {
    const parsed = schema.safeParse(value);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: String(parsed.error) };
  }
  // not zod underneath any more: the Standard Schema face, with its issues as the message
  const outcome = schema['~standard'].validate(value) as
    { value?: unknown; issues?: readonly { message: string }[] } | PromiseLike<unknown>;
  // the direct path answers synchronously, as the SDK's own dispatch parses: an asynchronous schema is a change to see at once
  if (typeof (outcome as PromiseLike<unknown>).then === 'function')
    throw new TypeError('The SDK spec schema validates asynchronously; the direct path needs a synchronous one');
  const result = outcome as { value?: unknown; issues?: readonly { message: string }[] };
  return result.issues
    ? { ok: false, message: result.issues.map((i) => i.message).join('; ') }
    : { ok: true, value: result.value };
}
