import type { IncomingMessage } from 'node:http';

/**
 * Reads a node request's body into one buffer, stopping (and refusing) as soon as more than `maxBytes`
 * have arrived, whatever `Content-Length` said.
 */
export function readNodeBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        req.off('data', onData);
        req.resume(); // drain what is left without keeping it
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)));
    req.once('error', reject);
  });
}
