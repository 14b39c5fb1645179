import type { IncomingMessage } from 'node:http';
import type { BodyHold } from '../limits/body-budget';

/**
 * Reads a node request's body into one buffer, stopping (and refusing) as soon as more than `maxBytes`
 * have arrived, whatever `Content-Length` said, or as soon as `hold` cannot take the next chunk.
 */
export function readNodeBody(
  req: IncomingMessage,
  maxBytes: number,
  hold?: BodyHold,
): Promise<Buffer | 'too-large' | 'busy'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const refuse = (why: 'too-large' | 'busy') => {
      req.off('data', onData);
      chunks.length = 0;
      req.resume(); // drain what is left without keeping it
      resolve(why);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) return refuse('too-large');
      // the endpoint's budget of bytes held at once, over every request (limits.maxBodyBytesInFlight)
      if (hold && !hold.take(chunk.length)) return refuse('busy');
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)));
    req.once('error', reject);
  });
}
