import { createServer } from 'node:net';

/**
 * A TCP port on `host` that was free a moment ago: the kernel picks it (port 0), we close it and hand it on.
 * For programs that cannot report the port they bound themselves (nginx), and for instances that must keep
 * their port across a restart (nginx's upstream list names ports).
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
