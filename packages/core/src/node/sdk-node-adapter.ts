/** The SDK's node adapter (`@modelcontextprotocol/node`): serves a web-standard `fetch` face on node:http. */
export type SdkNodeAdapter = typeof import('@modelcontextprotocol/node');

let loaded: SdkNodeAdapter | undefined;

/**
 * Required on first use: `listen` answers what its fast lane takes without it, so a server whose requests
 * all take the lane never loads it (the adapter and the Hono node server under it, about 25 ms of a
 * server's start). The first GET, or the first request off the lane, loads it.
 */
export function sdkNodeAdapter(): SdkNodeAdapter {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('@modelcontextprotocol/node') as SdkNodeAdapter);
}
