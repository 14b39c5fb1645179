// One raw tools/call leg over HTTP, outside any client: what a retry or a replay sends, byte for byte.
import { postRaw } from '@tessera/testing';

/** The fleet app's flow tool with its usual arguments. */
export const BOOK_SERVICE = { name: 'book_service', arguments: { vehicle: 'TRK-042' } };

/** The HTTP status and the parsed JSON-RPC answer of one raw leg. */
export interface RawAnswer {
  status: number;
  body: {
    result?: Record<string, unknown> & { requestState?: string; inputRequests?: Record<string, unknown> };
    error?: { code: number; message: string; data?: { reason?: string } & Record<string, unknown> };
  };
}

let rawId = 1;

/** A 2026-07-28 tools/call of `call` (leg 1, or a later leg with `extra`) posted as is, its answer parsed. */
export async function rawCall(
  url: URL | string,
  extra: { requestState?: string; inputResponses?: unknown } = {},
  call: { name: string; arguments: Record<string, unknown> } = BOOK_SERVICE,
): Promise<RawAnswer> {
  const answer = await postRaw(
    url,
    'tools/call',
    { ...call, ...extra },
    { id: rawId++, capabilities: { elicitation: { form: {} } } },
  );
  return answer as RawAnswer;
}
