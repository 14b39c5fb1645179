import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** What is used of `node:stream` (looked up at run time, see default-http-fetch.ts). */
export interface StreamModule {
  Duplex: typeof Duplex;
}

/**
 * A connection as `node:http` reads it when a leg socket (leg-sockets.ts) leaves an answer to it: the bytes
 * already received, then whatever the socket still brings, its end or its error. What `node:http` writes is
 * dropped: the request went out on the socket already. Destroying it destroys the socket.
 */
export function replayedSocket(
  stream: StreamModule,
  socket: Socket,
  received: Buffer,
  failure?: Error | 'ended',
): Duplex {
  const replay = new stream.Duplex({
    read: () => void socket.resume(),
    write: (_chunk, _encoding, callback) => callback(),
    final: (callback) => callback(),
    destroy: (error, callback) => {
      socket.destroy();
      callback(error);
    },
  });
  if (received.length > 0) replay.push(received);
  if (failure === 'ended') replay.push(null);
  else if (failure !== undefined) process.nextTick(() => replay.destroy(failure));
  else {
    socket.on('data', (chunk: Buffer) => {
      if (!replay.push(chunk)) socket.pause();
    });
    socket.on('end', () => replay.push(null));
    socket.on('error', (error) => replay.destroy(error));
    socket.on('close', () => replay.destroy());
  }
  return replay;
}
