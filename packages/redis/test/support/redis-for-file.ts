import { connectRedis, type RedisConnection } from '@tessera/redis';
import { killAllRedis, runRedisServer, type RunningRedis } from './redis-server';

/** The file's redis-server: its URL, and one connection to it for the file's commands. */
export interface RedisForFile {
  readonly url: string;
  readonly commands: RedisConnection;
}

/**
 * For the file: a real redis-server on a free loopback port, started once before its tests (with one
 * connection to it) and stopped after them whatever happens.
 */
export function redisForFile(): RedisForFile {
  let redis: RunningRedis | undefined;
  let commands: RedisConnection | undefined;
  beforeAll(async () => {
    redis = await runRedisServer();
    commands = await connectRedis(redis.url);
  }, 60_000);
  afterAll(async () => {
    await commands?.close();
    await redis?.stop();
    killAllRedis();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('redisForFile(): the redis-server is there only inside the tests');
    return value;
  };
  return {
    get url() {
      return started(redis).url;
    },
    get commands() {
      return started(commands);
    },
  };
}
