import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** The head and whatever of the body came before the server closed or `waitMs` passed. */
  text: string;
}

/**
 * Sends a request byte for byte (a `Host` no HTTP client would send, a body announced and never sent) and
 * reads the answer's status; `undefined` when none came within `waitMs`.
 */
export function rawExchange(base: string, request: string, waitMs = 5000): Promise<RawAnswer | undefined> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve(status ? { status: Number(status[1]), text } : undefined);
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (/\r\n\r\n/.test(text)) setTimeout(finish, 50); // the head is in; let a short body follow
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(request);
  });
}

/** A POST to /mcp with `host` as its Host header and `headers` beside it, its body `body` (or announced only). */
export function mcpPost(host: string, headers: Record<string, string>, body = ''): string {
  const lines = [`POST /mcp HTTP/1.1`, `Host: ${host}`, 'Content-Type: application/json'];
  lines.push('Accept: application/json, text/event-stream');
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (!('Content-Length' in headers)) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
