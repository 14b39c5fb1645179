import type { ValidationError } from 'class-validator';
import { issue } from './issue';
import type { ValidationIssue } from './validation-issue';

const WHITELIST = 'whitelistValidation';

/** Flattens class-validator's error tree into one issue per failing field, with dotted paths (`items.0.name`). */
export function toValidationIssues(
  errors: readonly ValidationError[],
  parent = '',
  into: ValidationIssue[] = [],
): ValidationIssue[] {
  for (const error of errors) {
    const path =
      error.property === undefined || error.property === ''
        ? parent
        : parent
          ? `${parent}.${error.property}`
          : error.property;
    if (error.constraints) {
      const constraints =
        WHITELIST in error.constraints
          ? { unknownField: `${error.property} is not a known field` }
          : { ...error.constraints };
      into.push(issue(path, constraints));
    }
    if (error.children?.length) toValidationIssues(error.children, path, into);
  }
  return into;
}
