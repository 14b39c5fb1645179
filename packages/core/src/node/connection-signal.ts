import type { Socket } from 'node:net';

const signals = new WeakMap<Socket, AbortSignal>();

/**
 * One abort signal per connection, aborted when the connection closes. The SDK reads a signal on every
 * exchange (to stop when the client goes away); a fresh `AbortController` per request showed in the HTTP
 * profile (tooling/benchmarks/notes/2026-12-05-http-cpu-profiles.md), while one per kept-alive connection
 * costs nothing per call.
 * An HTTP/1.1 connection carries one exchange at a time, and a client that goes away closes the
 * connection, so the exchange in flight sees the same abort as with a per-request signal; every exchange
 * removes its listener when it ends (the SDK's per-request transport does on close).
 */
export function connectionSignal(socket: Socket): AbortSignal {
  let signal = signals.get(socket);
  if (signal) return signal;
  const controller = new AbortController();
  signal = controller.signal;
  signals.set(socket, signal);
  if (socket.destroyed) controller.abort();
  else socket.once('close', () => controller.abort());
  return signal;
}
