import { isJsonObject } from '../../../types/json-object';

/** The retry fields of a 2026-07-28 request, lifted out of its params as the SDK lifts them. */
export interface RetryParams {
  /** `params.inputResponses` as sent, when the params have the key (screened before: a JSON object). */
  inputResponses?: Record<string, unknown>;
  /** `params.requestState` when the params have the key (screened before: a string). */
  requestState?: string;
}

/** The retry fields of `params`, or undefined when it has neither. */
export function retryParamsOf(params: Record<string, unknown>): RetryParams | undefined {
  const answers = 'inputResponses' in params;
  const state = 'requestState' in params;
  if (!answers && !state) return undefined;
  const retry: RetryParams = {};
  if (answers) retry.inputResponses = params.inputResponses as Record<string, unknown>;
  if (state) retry.requestState = params.requestState as string;
  return retry;
}

/**
 * The SDK's split of `inputResponses` (its `partitionInputResponses`, not exported): the bare answer objects
 * are kept; an entry that is no object or a wrapped `{ method, result }` is dropped and its key listed. The
 * kept ones are assigned, not defined, as the SDK assigns them (a `__proto__` key becomes the prototype).
 */
export function partitionInputResponses(inputResponses: unknown): {
  accepted: Record<string, unknown>;
  droppedKeys: string[];
} {
  const accepted: Record<string, unknown> = {};
  const droppedKeys: string[] = [];
  if (!isJsonObject(inputResponses)) return { accepted, droppedKeys };
  for (const [key, entry] of Object.entries(inputResponses)) {
    if (!isJsonObject(entry) || 'method' in entry || 'result' in entry) {
      droppedKeys.push(key);
      continue;
    }
    accepted[key] = entry;
  }
  return { accepted, droppedKeys };
}

/** What the endpoint's screening lets through (refuse-before-dispatch.ts): answers that are an object, a state that is a string. */
export function retryScreened(retry: RetryParams): boolean {
  const { inputResponses, requestState } = retry;
  return (
    ('inputResponses' in retry ? isJsonObject(inputResponses) : true) &&
    ('requestState' in retry ? typeof requestState === 'string' : true)
  );
}
