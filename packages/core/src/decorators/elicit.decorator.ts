import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { collectParam } from '../metadata/metadata-store';
import type { AfterKeys, Computed, QuestionInput, ElicitFormSpec, ElicitUrlSpec } from '../mrtr/dependency-spec';
import type { Class } from '../types/class';
import { checkDecoratorChoice, checkDecoratorOptions } from './decorator-options';
import { methodOfParam } from './param-decorator-target';

/**
 * `A` types the arguments the question functions see, `R` the answers they wait for (by key):
 * `@Elicit<DeployArgs, { region: Region }>({ after: ['region'], message: ({ args, answers }) => ... })`.
 */
export interface ElicitOptions<A = Record<string, unknown>, R extends object = Record<string, unknown>> {
  message: Computed<string, A, R>;
  /** A DTO class (flattened to the restricted elicitation schema) or a restricted JSON schema object. */
  schema: Class | ElicitRequestFormParams['requestedSchema'];
  key?: string;
  after?: AfterKeys<R>;
  /** Ask only when this returns true (from the arguments and earlier answers/outcomes); else the parameter is `undefined`. */
  when?: (input: QuestionInput<A, R>) => boolean;
  /**
   * `value`: the parameter receives the validated answer, and a decline or cancel ends the call; `outcome`: it
   * receives `Elicitation<T>` (`{ action, content }`). With a DTO class as `schema` and no `inject`, the mode
   * comes from the parameter's declared type: the DTO itself is `value`, `Elicitation<Dto>` (imported as a
   * value) is `outcome`, and anything else (`Dto | undefined`, an interface) is refused at `createApp`.
   * With a JSON schema object the default is `value`.
   */
  inject?: 'value' | 'outcome';
  /**
   * An app view (the `ui://` URI of an `@AppResource`) that renders this form (SEP-3118): a client that
   * declares `extensions["io.modelcontextprotocol/ui"].elicitation` gets it as `_meta.ui.resourceUri` on the
   * question; any other gets the plain form. The answer is read the same either way.
   */
  app?: string;
}

export interface ElicitUrlOptions<A = Record<string, unknown>, R extends object = Record<string, unknown>> {
  message: Computed<string, A, R>;
  url: Computed<string, A, R>;
  /** 2025-era connections only (2026-07-28 has no elicitationId); defaults to the key. */
  elicitationId?: Computed<string, A, R>;
  key?: string;
  after?: AfterKeys<R>;
  /** Ask only when this returns true (from the arguments and earlier answers/outcomes); else the parameter is `undefined`. */
  when?: (input: QuestionInput<A, R>) => boolean;
}

const ELICIT_OPTIONS = {
  message: true,
  schema: true,
  key: true,
  after: true,
  when: true,
  inject: true,
  app: true,
} as const satisfies Record<keyof ElicitOptions, true>;

const ELICIT_URL_OPTIONS = {
  message: true,
  url: true,
  elicitationId: true,
  key: true,
  after: true,
  when: true,
} as const satisfies Record<keyof ElicitUrlOptions, true>;

/**
 * Fills the parameter with the user's answer to a form question. On the first round every missing
 * answer becomes one entry of a single `InputRequiredResult`; the method runs once everything is answered.
 * `@Elicit('Which region?', RegionDto)` or `@Elicit({ message, schema, key, after })`.
 */
export function Elicit<A = Record<string, unknown>, R extends object = Record<string, unknown>>(
  message: Computed<string, A, R>,
  schema: ElicitOptions['schema'],
): ParameterDecorator;
export function Elicit<A = Record<string, unknown>, R extends object = Record<string, unknown>>(
  options: ElicitOptions<A, R>,
): ParameterDecorator;
export function Elicit<A, R extends object>(
  first: Computed<string, A, R> | ElicitOptions<A, R>,
  schema?: ElicitOptions['schema'],
): ParameterDecorator {
  const options = (isOptions(first) ? first : { message: first, schema: schema! }) as ElicitOptions;
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'Elicit');
    const where = `@Elicit() on parameter #${index} of ${cls.name}.${String(method)}`;
    checkDecoratorOptions(options, ELICIT_OPTIONS, where);
    checkDecoratorChoice(options.inject, ['value', 'outcome'], `${where}: inject`);
    const spec: ElicitFormSpec = { kind: 'form-elicitation', decorator: '@Elicit', ...options };
    collectParam(cls, method, { kind: 'dependency', index, spec });
  };
}

/** Asks the user to complete a step at a URL (out of band); the parameter receives the `Elicitation` outcome. */
Elicit.url = function ElicitUrl<A = Record<string, unknown>, R extends object = Record<string, unknown>>(
  options: ElicitUrlOptions<A, R>,
): ParameterDecorator {
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'Elicit.url');
    checkDecoratorOptions(
      options,
      ELICIT_URL_OPTIONS,
      `@Elicit.url() on parameter #${index} of ${cls.name}.${String(method)}`,
    );
    const spec: ElicitUrlSpec = {
      kind: 'url-elicitation',
      decorator: '@Elicit.url',
      inject: 'outcome',
      ...(options as ElicitUrlOptions),
    };
    collectParam(cls, method, { kind: 'dependency', index, spec });
  };
};

function isOptions<A, R extends object>(v: unknown): v is ElicitOptions<A, R> {
  return typeof v === 'object' && v !== null && 'message' in v;
}
