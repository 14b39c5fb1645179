import type { ElicitResult } from '@modelcontextprotocol/client';
import { CliError } from '../errors/cli-error';
import { checkValue } from '../form/check-value';
import type { FieldSpec } from '../form/field-spec';

const ACTIONS = ['accept', 'decline', 'cancel'] as const;
type Action = (typeof ACTIONS)[number];

const isAction = (value: unknown): value is Action => ACTIONS.includes(value as Action);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `"decline"`, `{ "action": "accept", "content": {...} }`, or the content itself (an accept). */
function readEntry(entry: unknown, question: string): { action: Action; content?: Record<string, unknown> } {
  if (isAction(entry)) return { action: entry };
  if (!isRecord(entry)) {
    throw new CliError(
      `the answer to ${question} must be an object of field values, or "accept", "decline" or "cancel"`,
    );
  }
  const explicit = isAction(entry.action) && Object.keys(entry).every((k) => k === 'action' || k === 'content');
  if (!explicit) return { action: 'accept', content: entry };
  if (entry.content !== undefined && !isRecord(entry.content))
    throw new CliError(`the "content" of the answer to ${question} must be an object`);
  return { action: entry.action as Action, content: entry.content as Record<string, unknown> | undefined };
}

/**
 * Turns an answers-file entry into the elicitation result, checked exactly like a typed answer: every field
 * valid, required ones present, no unknown field names (a typo would otherwise be silently dropped); a field
 * left out that has a default gets it.
 * `fields` is undefined for a URL-mode question, where only the action counts.
 */
export function answerFromFile(
  entry: unknown,
  fields: readonly FieldSpec[] | undefined,
  question: string,
): ElicitResult {
  const { action, content } = readEntry(entry, question);
  if (action !== 'accept' || fields === undefined) return { action };
  const given = content ?? {};
  const names = new Set(fields.map((f) => f.name));
  const unknown = Object.keys(given).filter((k) => !names.has(k));
  if (unknown.length > 0) {
    throw new CliError(
      `the answer to ${question} has no field ${unknown.map((k) => `"${k}"`).join(', ')} (its fields: ${[...names].join(', ')})`,
    );
  }
  // SEP-1034: a field left out is sent with its default (filled here, so the echo of the answer shows it)
  const sent: Record<string, unknown> = { ...given };
  for (const field of fields)
    if (sent[field.name] === undefined && field.default !== undefined) sent[field.name] = field.default;
  for (const field of fields) {
    const problem = checkValue(field, sent[field.name]);
    if (problem !== undefined) throw new CliError(`the answer to ${question}: field "${field.name}" ${problem}`);
  }
  return { action: 'accept', content: sent as ElicitResult['content'] };
}
