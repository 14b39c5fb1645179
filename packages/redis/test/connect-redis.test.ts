import { createServer } from 'node:net';
import { connectRedis } from '@tessera/redis';
import { killAllRedis, runRedisServer } from './support/redis-server';

/** A loopback port nothing listens on: bound for a moment to learn a free number, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

afterAll(() => killAllRedis());

describe('connectRedis', () => {
  test('rejects after connectTimeoutMs, naming the address and the last error, when nothing listens', async () => {
    const port = await closedPort();
    const errors: Error[] = [];
    const started = Date.now();
    await expect(
      connectRedis(`redis://:secret@127.0.0.1:${port}`, { connectTimeoutMs: 1500, onError: (e) => errors.push(e) }),
    ).rejects.toThrow(
      new RegExp(
        `^connectRedis: Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port} did not answer within 1500 ms: .*ECONNREFUSED`,
      ),
    );
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(10_000);
    expect(errors).toHaveLength(1); // once per outage, not once per reconnect attempt
  });

  test('a bad connectTimeoutMs is refused, naming the option', async () => {
    await expect(connectRedis('redis://127.0.0.1:1', { connectTimeoutMs: 0 })).rejects.toThrow(
      'connectRedis: connectTimeoutMs must be a positive integer or Infinity, got 0',
    );
  });

  test('resolves once Redis answers within the bound', async () => {
    const redis = await runRedisServer();
    try {
      const connection = await connectRedis(redis.url, { connectTimeoutMs: 5000 });
      await expect(connection.client.sendCommand(['PING'])).resolves.toBe('PONG');
      await connection.close();
    } finally {
      await redis.stop();
    }
  }, 60_000);

  test('connectTimeoutMs Infinity: waits past any bound, says why once, and resolves when a redis-server started late answers', async () => {
    const port = await closedPort();
    const errors: Error[] = [];
    let connected = false;
    const connecting = connectRedis(`redis://127.0.0.1:${port}`, {
      connectTimeoutMs: Infinity,
      onError: (e) => errors.push(e),
    }).then((connection) => ((connected = true), connection));
    await new Promise((resolve) => setTimeout(resolve, 2500)); // past the default first-connect bound of a socket
    expect(connected).toBe(false);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/ECONNREFUSED/);
    const redis = await runRedisServer({ port });
    try {
      const connection = await connecting;
      await expect(connection.client.sendCommand(['PING'])).resolves.toBe('PONG');
      await connection.close();
    } finally {
      await redis.stop();
    }
  }, 60_000);
});
