import type { InputRequest } from '@modelcontextprotocol/server';

/** How a re-asked question tells the user their last answer was refused, and why. */
export const REFUSAL_PREFIX = 'The previous answer was not accepted: ';

/**
 * The question to ask again after refusing an answer: an elicitation's message gains the reason (the client shows
 * the message, so the user learns what to change, and a refused answer no longer looks like a reworded question).
 * Sampling and roots requests have no message for people and go out unchanged. The question's digest is the one
 * of the plain question, so an answer to the annotated one is still pinned to it.
 */
export function withRefusalReason(request: InputRequest, reason: string): InputRequest {
  if (request.method !== 'elicitation/create') return request;
  const params = request.params as { message: string };
  return { ...request, params: { ...params, message: `${params.message}\n\n${REFUSAL_PREFIX}${reason}` } } as InputRequest;
}
