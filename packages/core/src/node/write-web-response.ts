import type { ServerResponse } from 'node:http';

/**
 * Writes a web `Response` to a node response. A JSON answer (the stateless exchange's usual answer) goes out
 * in one write with its `Content-Length`, instead of chunk by chunk from its stream; anything else (an SSE
 * stream: progress, logs) is streamed with backpressure until it ends or the client goes away.
 */
export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  if (response.body === null) {
    res.writeHead(response.status, headers).end();
    return;
  }
  if (headers['content-type']?.startsWith('application/json')) {
    const text = await response.text();
    headers['content-length'] = String(Buffer.byteLength(text));
    res.writeHead(response.status, headers).end(text);
    return;
  }
  res.writeHead(response.status, headers);
  res.flushHeaders();
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await drained(res);
    }
  } catch {
    // The stream failed or was cancelled because the client left: end what was written.
  } finally {
    res.off('close', stop);
    res.end();
  }
}

/** Resolves when the response can take more, or is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
