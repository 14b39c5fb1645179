import type { ValidationIssue } from './validation-issue';

/** Fields a message names before it only counts the rest: an answer stays short whatever the input. */
export const MAX_NAMED_ISSUES = 10;

/**
 * One readable line naming the bad fields and why, for tool error results:
 * `region: region must be one of the following values: eu, us; size: size must not be less than 1`.
 * Issues about the input as a whole (empty path) have no `path:` prefix. Past MAX_NAMED_ISSUES fields the
 * line ends with `; and 990 more` (the full list stays on the result's `issues`).
 */
export function formatValidationIssues(issues: readonly ValidationIssue[]): string {
  const named = issues
    .slice(0, MAX_NAMED_ISSUES)
    .map((issue) => (issue.path ? `${issue.path}: ` : '') + issue.messages.join(', '))
    .join('; ');
  const rest = issues.length - MAX_NAMED_ISSUES;
  return rest > 0 ? `${named}; and ${rest} more` : named;
}
