import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { checkTestChoice, checkTestOptions } from './check-test-options';

/** Anything with a web-standard `fetch` face: a `TesseraApp`, or the SDK's `createMcpHandler(...)`. */
export interface FetchServable {
  fetch(request: Request): Promise<Response>;
}

export interface TestClientOptions {
  /** Declared client capabilities; default none. */
  capabilities?: ClientOptions['capabilities'];
  /** `2026-07-28` (default) or `legacy` for a 2025-era stateless connection. */
  protocol?: '2026-07-28' | 'legacy';
  /** Headers on every request (e.g. `authorization`). */
  headers?: Record<string, string>;
  clientInfo?: { name: string; version: string };
  /** Extra SDK client options (inputRequired, ...). */
  options?: Partial<ClientOptions>;
  /** For `connectHttp`: the fetch the transport uses (wrap the global one to observe the wire). */
  fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

const ENDPOINT = 'http://tessera.test/mcp';

const TEST_CLIENT_OPTIONS = {
  capabilities: true,
  protocol: true,
  headers: true,
  clientInfo: true,
  options: true,
  fetch: true,
} as const satisfies Record<keyof TestClientOptions, true>;

/**
 * Connects the official SDK client to an app in the same process: the client's HTTP transport calls
 * the app's `fetch` directly, so the full wire (JSON-RPC, envelopes, headers) runs without a socket.
 */
export async function connectInMemory(app: FetchServable, options: TestClientOptions = {}): Promise<Client> {
  return connectTo(new URL(ENDPOINT), { ...options, fetch: (input, init) => app.fetch(new Request(input, init)) });
}

/** Connects the official SDK client to a URL (an app listening on 127.0.0.1). */
export async function connectHttp(url: URL, options: TestClientOptions = {}): Promise<Client> {
  return connectTo(url, options);
}

async function connectTo(url: URL, options: TestClientOptions): Promise<Client> {
  checkTestOptions(options, TEST_CLIENT_OPTIONS, 'the test client');
  if (options.protocol !== undefined)
    checkTestChoice(options.protocol, ['2026-07-28', 'legacy'], 'the test client: protocol');
  const client = new Client(options.clientInfo ?? { name: 'tessera-test-client', version: '0.0.0' }, {
    capabilities: options.capabilities ?? {},
    versionNegotiation: { mode: options.protocol === 'legacy' ? 'legacy' : { pin: '2026-07-28' } },
    ...options.options,
  } as ClientOptions);
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: options.fetch,
    requestInit: options.headers ? { headers: options.headers } : undefined,
  });
  await client.connect(transport);
  return client;
}
