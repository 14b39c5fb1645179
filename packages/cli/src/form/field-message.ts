import type { FieldSpec } from './field-spec';
import { terminalSafe } from '../output/terminal-safe';

const FORMAT_HINTS = { email: 'email', uri: 'URL', date: 'YYYY-MM-DD', 'date-time': 'YYYY-MM-DDTHH:MM:SSZ' } as const;

/** The line a question shows: the schema's title and description, and what kind of answer fits. */
export function fieldMessage(field: FieldSpec): string {
  const hints: string[] = [];
  if (field.kind === 'string' && field.format !== undefined) hints.push(FORMAT_HINTS[field.format]);
  if (field.kind === 'integer') hints.push('whole number');
  if (
    (field.kind === 'number' || field.kind === 'integer') &&
    (field.minimum !== undefined || field.maximum !== undefined)
  ) {
    hints.push(`${field.minimum ?? '…'}-${field.maximum ?? '…'}`);
  }
  if (!field.required) hints.push('optional');
  const hint = hints.length > 0 ? ` [${hints.join(', ')}]` : '';
  const description = field.description !== undefined ? ` - ${field.description}` : '';
  return terminalSafe(`${field.label}${hint}${description}`);
}
