import type { ValidationError } from 'class-validator';
import { formatValidationIssues } from './format-validation-issues';
import { toValidationIssues } from './to-validation-issues';
import type { ValidationIssue, ValidationResult } from './validation-issue';

/** A failed result: the issues and their one-line message. */
export function failure<T>(issues: ValidationIssue[]): ValidationResult<T> {
  return { ok: false, issues, message: formatValidationIssues(issues) };
}

/** The result of a class-validator run over `instance`. */
export function finish<T>(instance: T, errors: readonly ValidationError[]): ValidationResult<T> {
  return errors.length ? failure(toValidationIssues(errors)) : { ok: true, value: instance };
}
