import { describeOutcome, resultText } from './describe-outcome';
import { checkTestOptions } from '../check-test-options';
import { FlowAssertionError } from '../errors/flow-assertion.error';
import type { FlowOutcome, FlowRound } from './flow-round';
import { subsetDifference } from './match-subset';
import type { QuestionKind } from './question';

/** What `expectAsked` checks of one question; omitted fields are not checked. */
export interface QuestionExpectation {
  kind?: QuestionKind;
  mode?: 'form' | 'url';
  /** Exact text, or a pattern. */
  message?: string | RegExp;
  /** A subset of the requested schema (every key given must match; arrays must match in full). */
  schema?: Record<string, unknown>;
  url?: string | RegExp;
  /** Form elicitations: the app view that renders it (SEP-3118), `_meta.ui.resourceUri`. */
  app?: string;
}

/** How `expectAsked` compares the keys: `exact` (the default) or `subset` (the given keys among others). */
export interface AskedOptions {
  /**
   * `exact` (default): the round asked exactly these keys, no more; `subset`: it asked at least these, and
   * others may come with them (a test about one question of a round that asks several).
   */
  keys?: 'exact' | 'subset';
}

/**
 * The record of one flow: every round's questions and answers, and how it ended. The `expect*` methods throw a
 * FlowAssertionError whose message names the call, the round and the question, and return the run for chaining.
 */
export class FlowRun {
  constructor(
    /** `tools/call "provision"`. */
    readonly where: string,
    readonly rounds: readonly FlowRound[],
    readonly outcome: FlowOutcome,
  ) {}

  /** The complete result, or undefined when the flow ended with a JSON-RPC error. */
  get result(): Record<string, unknown> | undefined {
    return this.outcome.kind === 'result' ? this.outcome.result : undefined;
  }

  /** The JSON-RPC error the flow ended with, if any. */
  get error(): { code: number; message: string; data?: unknown } | undefined {
    return this.outcome.kind === 'error' ? this.outcome.error : undefined;
  }

  /** The text of the result (tool text blocks, prompt messages or resource contents, joined with newlines). */
  get text(): string {
    return this.outcome.kind === 'result' ? resultText(this.outcome.result) : '';
  }

  /** The number of rounds of questions (0: answered at once). */
  expectRounds(count: number): this {
    if (this.rounds.length !== count) {
      this.fail(`expected ${plural(count, 'round')} of questions, got ${this.rounds.length} (${this.story()})`);
    }
    return this;
  }

  /**
   * The questions of round `round` (1-based): exactly these keys (or, with `{ keys: 'subset' }`, at least
   * these), and per key what is given.
   */
  expectAsked(
    round: number,
    expected: string[] | Record<string, QuestionExpectation>,
    options: AskedOptions = {},
  ): this {
    checkTestOptions(options, { keys: true } satisfies Record<keyof AskedOptions, true>, 'expectAsked');
    const mode = options.keys ?? 'exact';
    if (mode !== 'exact' && mode !== 'subset')
      throw new TypeError(`expectAsked: keys must be 'exact' or 'subset', got ${JSON.stringify(mode)}.`);
    const keys = Array.isArray(expected) ? expected : Object.keys(expected);
    const asked = this.rounds[round - 1];
    if (asked === undefined) {
      this.fail(
        `expected round ${round} to ask [${keys.join(', ')}], but the flow had ${plural(this.rounds.length, 'round')} (${this.story()})`,
      );
    }
    const actualKeys = Object.keys(asked.questions);
    if (mode === 'exact' ? !sameSet(actualKeys, keys) : !keys.every((k) => actualKeys.includes(k))) {
      const what = mode === 'exact' ? 'the questions' : 'at least the questions';
      this.fail(`expected ${what} [${keys.join(', ')}], the server asked [${actualKeys.join(', ')}]`, round);
    }
    if (Array.isArray(expected)) return this;
    for (const [key, expectation] of Object.entries(expected)) {
      const difference = subsetDifference(asked.questions[key], expectation);
      if (difference !== undefined) this.fail(difference, round, key);
    }
    return this;
  }

  /**
   * The flow ended with a complete, successful result: its text equals (or matches) `expected`, or, given an
   * object, the result contains it (subset match).
   */
  expectResult(expected?: string | RegExp | Record<string, unknown>): this {
    const result = this.completed('a result');
    if (result.isError === true)
      this.fail(`expected a successful result, got ${describeOutcome(this.outcome)} ${this.after()}`);
    this.compareResult(result, expected);
    return this;
  }

  /** The tool answered with an error result (`isError: true`), whose text equals or matches `expected`. */
  expectToolError(expected?: string | RegExp): this {
    const result = this.completed('a tool error');
    if (result.isError !== true)
      this.fail(`expected a tool error, got ${describeOutcome(this.outcome)} ${this.after()}`);
    this.compareResult(result, expected);
    return this;
  }

  /** The flow ended with a JSON-RPC error with this code and message (text or pattern). */
  expectError(expected: { code?: number; message?: string | RegExp; data?: Record<string, unknown> }): this {
    if (this.outcome.kind !== 'error')
      this.fail(`expected a JSON-RPC error, got ${describeOutcome(this.outcome)} ${this.after()}`);
    const difference = subsetDifference(this.outcome.error, expected);
    if (difference !== undefined) this.fail(`error ${difference} ${this.after()}`);
    return this;
  }

  private completed(what: string): Record<string, unknown> {
    if (this.outcome.kind !== 'result')
      this.fail(`expected ${what}, but the flow ended with ${describeOutcome(this.outcome)} ${this.after()}`);
    return this.outcome.result;
  }

  private compareResult(
    result: Record<string, unknown>,
    expected: string | RegExp | Record<string, unknown> | undefined,
  ): void {
    if (expected === undefined) return;
    const difference =
      typeof expected === 'string' || expected instanceof RegExp
        ? subsetDifference(resultText(result), expected, 'text')
        : subsetDifference(result, expected);
    if (difference !== undefined) this.fail(`result ${difference} ${this.after()}`);
  }

  private after(): string {
    return `after ${plural(this.rounds.length, 'round')}`;
  }

  /** `round 1 asked [region]; round 2 asked [region]; then a result ("...")`. */
  private story(): string {
    const rounds = this.rounds.map((r) => `round ${r.round} asked [${Object.keys(r.questions).join(', ')}]`);
    return [...rounds, `then ${describeOutcome(this.outcome)}`].join('; ');
  }

  private fail(message: string, round?: number, key?: string): never {
    const place = [
      this.where,
      round !== undefined ? `round ${round}` : undefined,
      key !== undefined ? `question "${key}"` : undefined,
    ];
    throw new FlowAssertionError(`${place.filter(Boolean).join(', ')}: ${message}`);
  }
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
