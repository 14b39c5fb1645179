import { assertElicitationSchema } from '../schema/assert-elicitation-schema';
import { elicitationSchemaForDto } from '../schema/elicitation-schema-for-dto';
import type { ElicitationSchema } from '../schema/elicitation-schema';
import type { Class } from '../types/class';
import { checkElicitationValue } from './check-elicitation-value';
import { issue } from './issue';
import { failure } from './validation-result';
import { isPlainObject, toPlainInput } from './to-plain-input';
import { validateArguments } from './validate-arguments';
import type { ValidationIssue, ValidationResult } from './validation-issue';

function validateAgainstSchema(schema: ElicitationSchema, content: unknown): ValidationResult<Record<string, unknown>> {
  const plain = toPlainInput(content, 'content');
  if (!plain.ok) return failure([plain.issue]);
  const issues: ValidationIssue[] = [];
  const value: Record<string, unknown> = {};
  const required = new Set(schema.required);
  for (const [name, property] of Object.entries(schema.properties)) {
    const answer = Object.hasOwn(plain.value, name) ? plain.value[name] : undefined;
    if (answer === undefined || answer === null) {
      if (required.has(name)) issues.push(issue(name, { isDefined: `${name} is required` }));
      continue;
    }
    const broken = checkElicitationValue(property, name, answer);
    if (Object.keys(broken).length) issues.push(issue(name, broken));
    else value[name] = answer;
  }
  return issues.length ? failure(issues) : { ok: true, value };
}

/** The answer without keys the question did not ask for (ignored, like the reference implementation does). */
function onlyKnownKeys(schema: ElicitationSchema, content: unknown): unknown {
  if (!isPlainObject(content)) return content;
  const extra = Object.keys(content).some((key) => !Object.hasOwn(schema.properties, key));
  if (!extra) return content;
  return Object.fromEntries(Object.entries(content).filter(([key]) => Object.hasOwn(schema.properties, key)));
}

/**
 * Validates the `content` of an accepted elicitation (untrusted, from the client) against the question's DTO
 * (-> a DTO instance, exactly like arguments) or raw `requestedSchema` (-> a fresh plain object holding only the
 * schema's properties). Keys the schema does not name are ignored and dropped: the `requestedSchema` sent does
 * not forbid them. Issues use the same format as argument validation. The DTO or schema must be elicitable
 * (else `UnsupportedElicitationSchemaError`); both checks are compiled once and cached.
 */
export function validateElicitationContent<T>(dto: Class<T>, content: unknown): ValidationResult<T>;
export function validateElicitationContent(
  schema: ElicitationSchema | Record<string, unknown>,
  content: unknown,
): ValidationResult<Record<string, unknown>>;
export function validateElicitationContent(
  dtoOrSchema: Class | ElicitationSchema | Record<string, unknown>,
  content: unknown,
): ValidationResult<unknown> {
  if (typeof dtoOrSchema === 'function') {
    const schema = elicitationSchemaForDto(dtoOrSchema);
    return validateArguments(dtoOrSchema, onlyKnownKeys(schema, content), { what: 'content' });
  }
  return validateAgainstSchema(assertElicitationSchema(dtoOrSchema, 'requestedSchema'), content);
}
