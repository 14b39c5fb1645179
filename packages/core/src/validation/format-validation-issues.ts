import type { ValidationIssue } from './validation-issue';

/**
 * One readable line naming every bad field and why, for tool error results:
 * `region: region must be one of the following values: eu, us; size: size must not be less than 1`.
 * Issues about the input as a whole (empty path) have no `path:` prefix.
 */
export function formatValidationIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => (issue.path ? `${issue.path}: ` : '') + issue.messages.join(', ')).join('; ');
}
