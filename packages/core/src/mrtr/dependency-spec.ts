import type { CreateMessageRequestParams, ElicitRequestFormParams } from '@modelcontextprotocol/server';
import type { Class } from '../types/class';

/** What the question-building functions receive: the call's raw arguments and the answers so far. */
export interface QuestionInput<A = Record<string, unknown>> {
  args: A;
  /** Answers of earlier dependencies, by key: the validated value of an accepted elicitation, the sampling or roots result. */
  answers: Readonly<Record<string, unknown>>;
}

/** A value given as is, or computed from the arguments and earlier answers (never from clocks or live data). */
export type Computed<T, A = Record<string, unknown>> = T | ((input: QuestionInput<A>) => T);

interface DependencySpecBase {
  /** Wire key in `inputRequests`/`inputResponses`; defaults to `<method>.<parameter index>`. Stable across workers. */
  key?: string;
  /** Keys of dependencies this one waits for; their answers reach the question functions. */
  after?: readonly string[];
  /** The decorator, for messages: `@Elicit`, `@Sample`, `@ListRoots`. */
  decorator: '@Elicit' | '@Elicit.url' | '@Sample' | '@ListRoots';
}

export interface ElicitFormSpec extends DependencySpecBase {
  type: 'elicit';
  mode: 'form';
  message: Computed<string>;
  /** A DTO class (flattened to the restricted elicitation schema) or a restricted JSON schema object. */
  schema: Class | ElicitRequestFormParams['requestedSchema'];
  /** `value`: inject the validated content, a decline/cancel ends the call; `outcome`: inject `Elicitation<T>`. */
  inject?: 'value' | 'outcome';
}

export interface ElicitUrlSpec extends DependencySpecBase {
  type: 'elicit';
  mode: 'url';
  message: Computed<string>;
  url: Computed<string>;
  elicitationId?: Computed<string>;
  inject?: 'value' | 'outcome';
}

export interface SampleSpec extends DependencySpecBase {
  type: 'sample';
  request: Computed<CreateMessageRequestParams>;
}

export interface ListRootsSpec extends DependencySpecBase {
  type: 'list-roots';
}

export type DependencySpec = ElicitFormSpec | ElicitUrlSpec | SampleSpec | ListRootsSpec;
