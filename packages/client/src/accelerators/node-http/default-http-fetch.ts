import type { FetchLike } from '@modelcontextprotocol/client';
import { InvalidConnectTargetError } from '../../errors/invalid-connect-target.error';
import { acceleratorOff } from '../accelerators-switch';
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
 * An opt-in `fetch` for an HTTP target on Node: `connect({ url, fetch: nodeHttpFetch() })`. Without it the client
 * speaks through the platform `fetch` (Node's built-in, undici). With it, requests go over `node:http` and
 * `node:https` with keep-alive agents, and a flow's legs (a `tools/call`, `prompts/get` or `resources/read` outside a
 * session) are POSTed by the client's own HTTP/1.1 sender on kept-alive sockets and their plain JSON answers
 * read whole: less CPU per leg than undici, the same requests and answers (its differential and fuzz tests keep
 * it so). Given with `auth`, it carries the OAuth exchanges as any `fetch` would. One per process: every client
 * given it shares its connections. Throws where `node:http` cannot be had (a browser, a worker, Bun, Deno, a
 * Node before 20.16): leave `fetch` out there. With `TESSERA_ACCELERATORS=off` (or `off:node-http`) it is the
 * platform `fetch`, so one switch rules the sender out without a code change.
 */
export function nodeHttpFetch(): FetchLike {
  if (acceleratorOff('node-http')) return platformFetch;
  return fetchOfNodeHttp(sharedNodeHttp());
}

// Looked up per call, as the SDK's transport does, so a fetch patched later (a test's, a proxy's) is the one used.
const platformFetch: FetchLike = (input, init) => fetch(input, init);

/** `client`'s fetch; without one (not Node), the refusal `nodeHttpFetch()` throws. */
export function fetchOfNodeHttp(client: NodeHttpClient | undefined): FetchLike {
  if (client === undefined)
    throw new InvalidConnectTargetError(
      "nodeHttpFetch() needs Node's node:http (Node 20.16 or later); on this runtime leave `fetch` out to use the platform fetch",
    );
  return client.fetch;
}

/** The node:http client behind `fetch` when it is `nodeHttpFetch()`'s, so its legs take the leg transport. */
export function nodeHttpOf(fetch: FetchLike | undefined): NodeHttpClient | undefined {
  return fetch !== undefined && shared?.fetch === fetch ? shared : undefined;
}

/** The process's one node:http client on Node (created at first use), or `undefined` elsewhere. */
export function sharedNodeHttp(): NodeHttpClient | undefined {
  if (shared === undefined) shared = nodeHttpFor((globalThis as { process?: RuntimeProcess }).process) ?? null;
  return shared ?? undefined;
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
