import { createHash } from 'node:crypto';
import type { RedisCommands } from './redis-commands';

/**
 * A Lua script run with EVALSHA, loaded with EVAL the first time a server does not know it (after a
 * restart or a SCRIPT FLUSH), so one round trip per call in the steady state.
 */
export class RedisScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(client: RedisCommands, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const tail = [String(keys.length), ...keys, ...args];
    try {
      return await client.sendCommand(['EVALSHA', this.sha, ...tail]);
    } catch (error) {
      if (!String((error as Error)?.message ?? error).startsWith('NOSCRIPT')) throw error;
      return client.sendCommand(['EVAL', this.source, ...tail]);
    }
  }
}
