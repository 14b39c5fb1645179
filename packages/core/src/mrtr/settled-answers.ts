import { QuestionFunctionError } from '../errors/runtime/question-function.error';
import { ElicitationDeclinedError } from '../errors/runtime/elicitation-declined.error';
import type { DependencyPlan } from './dependency-plan';
import type { QuestionInput } from './dependency-spec';
import type { Elicitation } from './elicitation';
import { questionKindOf } from './question-kinds';

/** What one call's dependencies have come to so far: what question functions see, and what parameters get. */
export class SettledAnswers {
  /** Accepted form content, or the outcome of a declined/cancelled one; sampling and roots results. */
  readonly answers: Record<string, unknown> = Object.create(null);
  /** The outcome of every elicitation settled so far (accept with its content, decline, cancel). */
  readonly outcomes: Record<string, Elicitation<unknown>> = Object.create(null);
  /** Parameter values by index. */
  readonly values = new Map<number, unknown>();
  /**
   * Questions whose `when` said not to ask: settled without an answer, their parameter is `undefined`. Made
   * on the first skip (most calls have none: no set per call).
   */
  private skippedKeys: Set<string> | undefined;

  constructor(readonly args: Record<string, unknown>) {}

  /** The question functions' view: the arguments, the answers and the elicitation outcomes so far. */
  get input(): QuestionInput {
    return { args: this.args, answers: this.answers, outcomes: this.outcomes };
  }

  /** Whether everything `dep` waits for is settled (answered, declined, cancelled or skipped). */
  isReady(dep: DependencyPlan): boolean {
    // a loop rather than every(): no closure per question and round
    const { after } = dep;
    for (let i = 0; i < after.length; i++) if (!(after[i] in this.answers) && !this.isSkipped(after[i]!)) return false;
    return true;
  }

  /** Applies `when`: false settles the question as skipped (never asked). */
  skipUnlessWanted(dep: DependencyPlan): boolean {
    const when = dep.spec.when;
    if (when === undefined || this.wanted(dep, when)) return false;
    (this.skippedKeys ??= new Set()).add(dep.key);
    return true;
  }

  private isSkipped(key: string): boolean {
    return this.skippedKeys !== undefined && this.skippedKeys.has(key);
  }

  private wanted(dep: DependencyPlan, when: NonNullable<DependencyPlan['spec']['when']>): boolean {
    try {
      return when(this.input);
    } catch (error) {
      throw new QuestionFunctionError(dep.key, 'when', dep.after, error);
    }
  }

  /**
   * Records an answer. A declined or cancelled question ends the call at once when its parameter needs a
   * value; in outcome mode it is recorded, and the questions waiting for it see the outcome (to be built
   * from it, or skipped with `when`).
   */
  settle(dep: DependencyPlan, value: unknown): void {
    const outcome = value as { action?: 'accept' | 'decline' | 'cancel'; content?: unknown };
    if (questionKindOf(dep.spec).elicitation) {
      if (outcome.action !== 'accept' && dep.inject === 'value')
        throw new ElicitationDeclinedError(dep.key, outcome.action as 'decline' | 'cancel');
      this.outcomes[dep.key] = value as Elicitation<unknown>;
    }
    // later questions see accepted form content itself; a URL outcome carries no content, so it stays the outcome
    this.answers[dep.key] = outcome.action === 'accept' && 'content' in outcome ? outcome.content : value;
    this.values.set(dep.index, value);
  }

  /** Value mode: the parameter gets the content itself (a decline already ended the call); skipped ones stay undefined. */
  unwrapValues(dependencies: readonly DependencyPlan[]): Map<number, unknown> {
    for (const dep of dependencies) {
      if (dep.inject !== 'value' || !questionKindOf(dep.spec).elicitation || this.isSkipped(dep.key)) continue;
      const outcome = this.values.get(dep.index) as { action: 'accept' | 'decline' | 'cancel'; content?: unknown };
      if (outcome.action !== 'accept') throw new ElicitationDeclinedError(dep.key, outcome.action);
      this.values.set(dep.index, outcome.content);
    }
    return this.values;
  }
}
