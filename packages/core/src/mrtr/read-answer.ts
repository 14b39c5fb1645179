import type { ReadAnswer } from './checked-answer';
import type { DependencyPlan } from './dependency-plan';
import { questionKindOf } from './question-kinds';

/**
 * Checks an untrusted answer against its question: the response's shape for the kind of request, and
 * for an accepted form the content against the question's schema (a DTO answer becomes its instance).
 */
export function readAnswer(dep: DependencyPlan, response: unknown): ReadAnswer {
  if (typeof response !== 'object' || response === null || Array.isArray(response))
    return { ok: false, reason: 'not an object' };
  return questionKindOf(dep.spec).read(dep, response as Record<string, unknown>);
}
