import type { ValidationError } from 'class-validator';
import { formatValidationIssues } from './format-validation-issues';
import { toValidationIssues } from './to-validation-issues';
import type { ValidationIssue, ValidationResult } from './validation-issue';

/** A failed result: the issues and their one-line message. */
export function failure<T>(issues: ValidationIssue[]): ValidationResult<T> {
  return { ok: false, issues, message: formatValidationIssues(issues) };
}

/**
 * The result of a class-validator run over `instance`, together with the schema's shape issues
 * (`schemaShapeIssues`). An absent required field says only `name is required`; another field class-validator
 * already names keeps its message; under a value of the wrong
 * shape (an object given for an array), class-validator's findings about its contents are noise and dropped.
 */
export function finish<T>(
  instance: T,
  errors: readonly ValidationError[],
  shape: readonly ValidationIssue[] = [],
): ValidationResult<T> {
  if (!errors.length && !shape.length) return { ok: true, value: instance };
  // An absent required field is reported as that alone: its validators' complaints about `undefined`
  // ("must be longer than 3 characters, must be a string") describe a value nobody sent.
  // A Date property's value that is no date-time is reported as that alone too (not as "must be a Date instance").
  const absent = new Map(
    shape.filter((s) => s.constraints.isDefined || s.constraints.isDateTime).map((s) => [s.path, s]),
  );
  const found = toValidationIssues(errors).map((i) => absent.get(i.path) ?? i);
  const reported = new Set(found.map((i) => i.path));
  const wrongShape = shape.filter((s) => s.constraints.isArray || s.constraints.isObject).map((s) => `${s.path}.`);
  const issues = [
    ...found.filter((i) => !wrongShape.some((prefix) => i.path.startsWith(prefix))),
    ...shape.filter((s) => !reported.has(s.path)),
  ];
  return failure(issues);
}
