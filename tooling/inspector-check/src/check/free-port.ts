import { createServer } from 'node:net';

/**
 * A loopback port nobody listens on right now. For programs that need a fixed port number up front
 * (the Inspector refuses port 0 for its web server); the tiny race until they bind is accepted.
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('could not read the probed port'))));
    });
  });
}
