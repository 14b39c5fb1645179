import type { InputRequest } from '@modelcontextprotocol/server';

/** How a re-asked question tells the user their last answer was refused, and why. */
export const REFUSAL_PREFIX = 'The previous answer was not accepted: ';

/**
 * An elicitation to ask again after refusing an answer: its message gains the reason (the client shows the
 * message, so the user learns what to change, and a refused answer no longer looks like a reworded question).
 * Only questions for people get it (`QuestionKind.elicitation`). The question's digest is the one of the plain
 * question, so an answer to the annotated one is still pinned to it.
 */
export function withRefusalReason(request: InputRequest, reason: string): InputRequest {
  const params = request.params as { message: string };
  return {
    ...request,
    params: { ...params, message: `${params.message}\n\n${REFUSAL_PREFIX}${reason}` },
  } as InputRequest;
}
