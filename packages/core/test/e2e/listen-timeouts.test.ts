import { connect } from 'node:net';
import { createApp, Provider, silentLogger, Tool } from '@tessera/core';
import { listen } from '@tessera/core/node';

@Provider()
class Nothing {
  @Tool()
  nothing(): string {
    return 'ok';
  }
}

const app = () => createApp({ name: 'timeouts', version: '1', providers: [Nothing], logger: silentLogger });

/** Opens a kept-alive connection with one request, then resolves with how long the server kept it idle. */
function idleLifetime(url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let answeredAt = 0;
    socket.on('data', () => (answeredAt ||= Date.now()));
    socket.on('close', () => resolve(Date.now() - answeredAt));
    socket.on('error', reject);
    socket.write(`GET /healthz HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('listen: keep-alive and drain times', () => {
  test('keepAliveTimeoutMs is how long an idle kept-alive connection stays open', async () => {
    const short = app();
    const listener = await listen(short, { port: 0, keepAliveTimeoutMs: 200 });
    try {
      const idle = await idleLifetime(listener.url);
      expect(idle).toBeGreaterThanOrEqual(150);
      expect(idle).toBeLessThan(4000); // Node's default would hold it 5000 ms
    } finally {
      await listener.close();
      await short.close();
    }
  });

  test.each([
    [{ keepAliveTimeoutMs: 0 }, 'listen: keepAliveTimeoutMs must be a positive number of milliseconds, got 0'],
    [
      { keepAliveTimeoutMs: Number.NaN },
      'listen: keepAliveTimeoutMs must be a positive number of milliseconds, got NaN',
    ],
    [{ drainMs: -1 }, 'listen: drainMs must be a positive number of milliseconds, got -1'],
    [{ drainMs: '5000' as unknown as number }, 'listen: drainMs must be a positive number of milliseconds, got "5000"'],
  ])('a bad time is refused when listen is called: %p', async (options, message) => {
    const bad = app();
    await expect(listen(bad, { port: 0, ...options })).rejects.toThrow(message);
    await bad.close();
  });
});
