/**
 * The id a refusal answers with: the request's own when it is a string or a number, otherwise null.
 * JSON-RPC 2.0 allows no other id, and an object or array one can be as large as the body: it is never
 * echoed back.
 */
export function answerableId(id: unknown): string | number | null {
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
