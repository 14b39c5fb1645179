import { StreamableHTTPClientTransport, type FetchLike, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { oauthFetch } from '../auth/oauth-fetch';
import { nodeHttpOf } from '../accelerators/node-http/default-http-fetch';
import { NodeHttpTransport } from '../accelerators/node-http/node-http-transport';
import { InvalidConnectTargetError } from '../errors/invalid-connect-target.error';
import type { ConnectTarget, HttpTarget, InMemoryTarget } from './connect-target';

// The in-memory transport still speaks HTTP, so it needs a URL; nothing ever resolves this host.
const IN_MEMORY_URL = 'http://in-memory.tessera.invalid/mcp';

/** Builds the SDK transport for a connect target. */
export function createTransport(target: ConnectTarget): Transport {
  if (typeof target !== 'object' || target === null) throw new InvalidConnectTargetError('no target given');
  if ('transport' in target) return target.transport;
  if ('command' in target) {
    return new StdioClientTransport({ command: target.command, args: target.args, env: target.env, cwd: target.cwd });
  }
  if ('url' in target) {
    const url = new URL(target.url);
    // `fetch: nodeHttpFetch()` without auth: the SDK's transport over node:http, its legs sent straight
    // (node-http-transport.ts). Any other `fetch` is used as given; none: the platform's.
    const nodeHttp = target.auth === undefined ? nodeHttpOf(target.fetch) : undefined;
    if (nodeHttp !== undefined && (url.protocol === 'http:' || url.protocol === 'https:'))
      return new NodeHttpTransport(url, nodeHttp, target.headers);
    return new StreamableHTTPClientTransport(url, {
      fetch: target.auth === undefined ? target.fetch : oauthFetch(target.auth, url, authFetch(target)),
      ...(target.headers !== undefined && { requestInit: { headers: target.headers } }),
    });
  }
  if ('fetch' in target && typeof target.fetch === 'function') {
    return new StreamableHTTPClientTransport(new URL(IN_MEMORY_URL), {
      fetch: inMemoryFetch(target),
      ...(target.headers !== undefined && { requestInit: { headers: target.headers } }),
    });
  }
  throw new InvalidConnectTargetError('the target has no command, url, fetch or transport');
}

/**
 * With OAuth, a request waits seconds (a token exchange) to minutes (a person at a browser) between its 401 and
 * its retry, past a server's keep-alive timeout: the global fetch (undici) reads the server's `Keep-Alive` hint
 * and does not reuse a connection about to close, where the node:http one could meet a reset.
 */
function authFetch(target: HttpTarget): FetchLike {
  return target.fetch ?? ((input, init) => fetch(input, init));
}

// The SDK transport calls fetch(url, init); a web handler wants one Request.
function inMemoryFetch(target: InMemoryTarget): FetchLike {
  return (url, init) => target.fetch(new Request(url, init));
}
