import type { ValidationError } from 'class-validator';

/**
 * What a user sees of class-validator's `validate` errors (property, value, messages by constraint, how many
 * children), for comparing two ways of decorating the same DTO.
 */
export const validationOutcome = (errors: ValidationError[]) =>
  errors.map(({ property, value, constraints, children }) => ({
    property,
    value,
    constraints,
    children: children?.length,
  }));
