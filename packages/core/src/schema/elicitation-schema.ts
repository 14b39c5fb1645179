import type { ElicitRequestFormParams, PrimitiveSchemaDefinition } from '@modelcontextprotocol/server';

/** A form elicitation's `requestedSchema`: flat, every property a primitive (2026-07-28 `PrimitiveSchemaDefinition`). */
export type ElicitationSchema = ElicitRequestFormParams['requestedSchema'];

export type ElicitationProperty = PrimitiveSchemaDefinition;

/** The `format`s a string field of an elicitation form may have. */
export const ELICITATION_FORMATS: ReadonlySet<string> = new Set(['email', 'uri', 'date', 'date-time']);
