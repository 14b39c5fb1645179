import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { collectParam } from '../metadata/metadata-store';
import type { Computed, ElicitFormSpec, ElicitUrlSpec } from '../mrtr/dependency-spec';
import type { Class } from '../types/class';
import { methodOfParam } from './param-decorator-target';

export interface ElicitOptions {
  message: Computed<string>;
  /** A DTO class (flattened to the restricted elicitation schema) or a restricted JSON schema object. */
  schema: Class | ElicitRequestFormParams['requestedSchema'];
  key?: string;
  after?: readonly string[];
  /** Default: `outcome` when the parameter is not declared as the schema's class (e.g. `Elicitation<Dto>`), else `value`. */
  inject?: 'value' | 'outcome';
}

export interface ElicitUrlOptions {
  message: Computed<string>;
  url: Computed<string>;
  elicitationId?: Computed<string>;
  key?: string;
  after?: readonly string[];
}

/**
 * Fills the parameter with the user's answer to a form question. On the first round every missing
 * answer becomes one entry of a single `InputRequiredResult`; the method runs once everything is answered.
 * `@Elicit('Which region?', RegionDto)` or `@Elicit({ message, schema, key, after })`.
 */
export function Elicit(message: Computed<string>, schema: ElicitOptions['schema']): ParameterDecorator;
export function Elicit(options: ElicitOptions): ParameterDecorator;
export function Elicit(first: Computed<string> | ElicitOptions, schema?: ElicitOptions['schema']): ParameterDecorator {
  const options: ElicitOptions = isOptions(first) ? first : { message: first, schema: schema! };
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'Elicit');
    const spec: ElicitFormSpec = { type: 'elicit', mode: 'form', decorator: '@Elicit', ...options };
    collectParam(cls, method, { kind: 'dependency', index, spec });
  };
}

/** Asks the user to complete a step at a URL (out of band); the parameter receives the `Elicitation` outcome. */
Elicit.url = function ElicitUrl(options: ElicitUrlOptions): ParameterDecorator {
  return (target, methodName, index) => {
    const { cls, methodName: method } = methodOfParam(target, methodName, 'Elicit.url');
    const spec: ElicitUrlSpec = { type: 'elicit', mode: 'url', decorator: '@Elicit.url', inject: 'outcome', ...options };
    collectParam(cls, method, { kind: 'dependency', index, spec });
  };
};

function isOptions(v: unknown): v is ElicitOptions {
  return typeof v === 'object' && v !== null && 'message' in v;
}
