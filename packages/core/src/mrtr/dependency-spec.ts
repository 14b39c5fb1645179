import type { CreateMessageRequestParams, ElicitRequestFormParams } from '@modelcontextprotocol/server';
import type { Class } from '../types/class';
import type { Elicitation } from './elicitation';

/**
 * What the question-building functions receive: the call's raw arguments and the answers so far. `A` types the
 * arguments; `R` maps the keys this question waits for (`after`) to their answers' types, so
 * `answers.region` is typed and `answers.regoin` does not compile (`@Elicit<Args, { region: Region }>`).
 */
export interface QuestionInput<A = Record<string, unknown>, R extends object = Record<string, unknown>> {
  args: A;
  /**
   * Answers of earlier dependencies, by key: the validated content of an accepted form elicitation (the outcome
   * `{ action }` of a declined or cancelled one), the sampling or roots result. A skipped question has no entry,
   * so each key may be absent.
   */
  answers: Readonly<Partial<R>>;
  /** The outcome of every earlier elicitation, by key: `{ action: 'accept', content }`, `{ action: 'decline' }` or `{ action: 'cancel' }`. */
  outcomes: Readonly<{ [K in keyof R]?: Elicitation<R[K]> }>;
}

/** A value given as is, or computed from the arguments and earlier answers (never from clocks or live data). */
export type Computed<T, A = Record<string, unknown>, R extends object = Record<string, unknown>> =
  T | ((input: QuestionInput<A, R>) => T);

/** The keys a question may wait for: any string, or, when the answers are typed, only their keys. */
export type AfterKeys<R extends object> = readonly (keyof R & string)[];

interface DependencySpecBase {
  /** Wire key in `inputRequests`/`inputResponses`; defaults to `<method>.<parameter index>`. Stable across workers. */
  key?: string;
  /** Keys of dependencies this one waits for; their answers reach the question functions. */
  after?: readonly string[];
  /**
   * Whether to ask at all, decided from the arguments and earlier answers and outcomes (for instance: ask for a
   * fallback only when `outcomes.region?.action !== 'accept'`). False: never asked, the parameter is `undefined`.
   */
  when?: (input: QuestionInput) => boolean;
  /** The decorator, for messages: `@Elicit`, `@Sample`, `@ListRoots`. */
  decorator: '@Elicit' | '@Elicit.url' | '@Sample' | '@ListRoots';
}

export interface ElicitFormSpec extends DependencySpecBase {
  kind: 'form-elicitation';
  message: Computed<string>;
  /** A DTO class (flattened to the restricted elicitation schema) or a restricted JSON schema object. */
  schema: Class | ElicitRequestFormParams['requestedSchema'];
  /** `value`: inject the validated content, a decline/cancel ends the call; `outcome`: inject `Elicitation<T>`. */
  inject?: 'value' | 'outcome';
  /** The `ui://` view (an `@AppResource`) that renders the form for a client that renders app questions (SEP-3118). */
  app?: string;
}

export interface ElicitUrlSpec extends DependencySpecBase {
  kind: 'url-elicitation';
  message: Computed<string>;
  url: Computed<string>;
  elicitationId?: Computed<string>;
  inject?: 'value' | 'outcome';
}

export interface SampleSpec extends DependencySpecBase {
  kind: 'sampling';
  request: Computed<CreateMessageRequestParams>;
}

export interface ListRootsSpec extends DependencySpecBase {
  kind: 'roots';
}

/** One member per question kind; each kind's behaviour is one module in `kinds/`, registered in `question-kinds.ts`. */
export type DependencySpec = ElicitFormSpec | ElicitUrlSpec | SampleSpec | ListRootsSpec;

export type QuestionKindName = DependencySpec['kind'];
