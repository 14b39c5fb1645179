import { ProtocolError } from '@modelcontextprotocol/server';
import type { RecordedAnswer } from '@tessera/request-state/framework';

/** A recorded answer, given again: the result as it was, or the JSON-RPC error rebuilt. */
export function answerAgain(answer: RecordedAnswer): unknown {
  if ('result' in answer) return answer.result;
  throw new ProtocolError(answer.error.code, answer.error.message, answer.error.data);
}

/** A JSON-RPC error the client would receive as it is (a `ProtocolError`), as a recordable answer. */
export function recordableError(error: unknown): RecordedAnswer | undefined {
  if (!(error instanceof ProtocolError)) return undefined;
  return { error: { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) } };
}
