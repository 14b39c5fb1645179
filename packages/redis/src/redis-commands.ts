/**
 * The little of a Redis client this package uses: raw commands and pub/sub. `createClient()` of
 * `@redis/client` (or `redis`) fits; so does anything else with these methods.
 */
export interface RedisCommands {
  sendCommand(args: string[]): Promise<unknown>;
}

export interface RedisPubSub extends RedisCommands {
  publish(channel: string, message: string): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
}
