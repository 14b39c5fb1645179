import type { FetchLike } from '@modelcontextprotocol/client';
import type { SocketModules } from './leg-sockets';
import { nodeHttpClient, type HttpModule, type NodeHttpClient } from './node-http-fetch';

/** What is read of `process` to tell Node from the rest. */
export interface RuntimeProcess {
  release?: { name?: string };
  versions?: Record<string, string | undefined>;
  getBuiltinModule?: (id: string) => unknown;
}

let shared: NodeHttpClient | null | undefined;

/**
 * The node:http client an HTTP target gets when the user passed no `fetch`: on Node, one per process so every
 * client shares its keep-alive connections, as they share undici's global dispatcher with the global `fetch`.
 * Elsewhere `undefined`, and the SDK uses the global `fetch`.
 */
export function defaultNodeHttp(): NodeHttpClient | undefined {
  if (shared === undefined) shared = nodeHttpFor((globalThis as { process?: RuntimeProcess }).process) ?? null;
  return shared ?? undefined;
}

/** The `fetch` of `defaultNodeHttp()` (cheaper per leg than undici's, see node-http-fetch.ts), or `undefined`. */
export function defaultHttpFetch(): FetchLike | undefined {
  return defaultNodeHttp()?.fetch;
}

/** The `fetch` of `nodeHttpFor(proc)`. */
export function httpFetchFor(proc: RuntimeProcess | undefined): FetchLike | undefined {
  return nodeHttpFor(proc)?.fetch;
}

/**
 * Node only: browsers and workers have no `process`; Bun and Deno imitate Node's but bring their own fetch.
 * The modules are looked up at run time, never imported, so a bundle for another runtime does not pull in
 * `node:http`; a Node without `process.getBuiltinModule` (before 20.16) keeps the global fetch.
 */
export function nodeHttpFor(proc: RuntimeProcess | undefined): NodeHttpClient | undefined {
  if (proc?.release?.name !== 'node' || proc.versions?.bun !== undefined || proc.versions?.deno !== undefined)
    return undefined;
  if (typeof proc.getBuiltinModule !== 'function') return undefined;
  return nodeHttpClient(
    proc.getBuiltinModule('node:http') as HttpModule,
    proc.getBuiltinModule('node:https') as HttpModule,
    {
      net: proc.getBuiltinModule('node:net') as SocketModules['net'],
      stream: proc.getBuiltinModule('node:stream') as SocketModules['stream'],
    },
  );
}
