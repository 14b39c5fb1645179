import type { BodyHold } from './body-budget';

/** What a body over the limit answers, on every face: 413, and the connection is not reused. */
export function payloadTooLarge(maxBytes: number): Response {
  return Response.json(
    {
      jsonrpc: '2.0',
      error: { code: -32000, message: `Payload Too Large: Request body must not exceed ${maxBytes} bytes` },
      id: null,
    }, // the SDK adapter's own wording
    { status: 413, headers: { connection: 'close' } },
  );
}

/**
 * Reads a request body as a stream with a running byte count, and stops at the limit: a body without
 * `Content-Length` (chunked, streamed) is never buffered past `maxBytes`; the rest is cancelled unread.
 * Bytes, not text: a body over the argument limits is refused by a scan of the bytes, never decoded.
 */
export async function readLimitedBytes(
  request: Request,
  maxBytes: number,
  hold?: BodyHold,
): Promise<Uint8Array | 'too-large' | 'busy'> {
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined); // stop the source; nothing more is read or kept
      return 'too-large';
    }
    if (hold && !hold.take(value.byteLength)) {
      await reader.cancel().catch(() => undefined);
      return 'busy';
    }
    chunks.push(value);
  }
  return joined(chunks, received);
}

/** The body as text (UTF-8); TextDecoder, not Buffer, so the fetch face stays runtime-neutral. */
export function utf8Text(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

function joined(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const all = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}
