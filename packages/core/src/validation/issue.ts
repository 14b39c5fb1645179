import type { ValidationIssue } from './validation-issue';

/** Builds an issue from its constraints (`messages` follows their order). */
export function issue(path: string, constraints: Record<string, string>): ValidationIssue {
  return { path, constraints, messages: Object.values(constraints) };
}
