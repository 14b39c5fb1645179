import { checkTestOptions } from './check-test-options';
import type { FetchServable } from './connect-in-memory';

export interface RawRequestOptions {
  capabilities?: Record<string, unknown>;
  id?: number | string;
  headers?: Record<string, string>;
}

const RAW_REQUEST_OPTIONS = { capabilities: true, id: true, headers: true } as const satisfies Record<
  keyof RawRequestOptions,
  true
>;

export interface RawResponse {
  status: number;
  body: { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } } & Record<
    string,
    unknown
  >;
}

/** The param each method's `Mcp-Name` header repeats (SEP-2243; SEP-2663 for the task methods). */
const NAME_FIELD: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** What `rawRequestInit` gives: fetch's init for one hand-built 2026-07-28 request. */
export interface RawRequestInit {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/**
 * One hand-built 2026-07-28 JSON-RPC request as fetch's init: the envelope in `params._meta` and the headers the
 * protocol requires (`Mcp-Name` from the name, URI or task id, as the method needs it); a `_meta` in `params` is
 * merged into the envelope's, its keys winning; `options.headers` are added last. For a request sent with a
 * `fetch` of one's own (over real HTTP, to another process); `sendRaw` and `postRaw` send it and read the answer.
 */
export function rawRequestInit(
  method: string,
  params: Record<string, unknown>,
  options: RawRequestOptions = {},
): RawRequestInit {
  checkTestOptions(options, RAW_REQUEST_OPTIONS, 'rawRequestInit');
  const body = {
    jsonrpc: '2.0',
    id: options.id ?? 1,
    method,
    params: {
      ...params,
      // the caller's own _meta keys are kept, and win over the envelope's (to send an odd one on purpose)
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
        'io.modelcontextprotocol/clientCapabilities': options.capabilities ?? {},
        ...(params._meta as Record<string, unknown> | undefined),
      },
    },
  };
  const field = Object.hasOwn(NAME_FIELD, method) ? NAME_FIELD[method] : undefined;
  const name = field === undefined ? undefined : params[field];
  return {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...options.headers,
    },
    body: JSON.stringify(body),
  };
}

/**
 * Sends one hand-built 2026-07-28 JSON-RPC request to an app's fetch face, for what a well-behaved client never
 * sends (null `inputResponses`, forged or replayed `requestState`, ...): `rawRequestInit`'s request, its answer
 * read (a JSON body, or the first `data:` line of an event stream).
 */
export async function sendRaw(
  app: FetchServable,
  method: string,
  params: Record<string, unknown>,
  options: RawRequestOptions = {},
): Promise<RawResponse> {
  checkTestOptions(options, RAW_REQUEST_OPTIONS, 'sendRaw');
  return rawResponseOf(
    await app.fetch(new Request('http://tessera.test/mcp', rawRequestInit(method, params, options))),
  );
}

/** `sendRaw` over real HTTP: the same request posted to the server listening at `url` (another process, a proxy). */
export async function postRaw(
  url: string | URL,
  method: string,
  params: Record<string, unknown>,
  options: RawRequestOptions = {},
): Promise<RawResponse> {
  checkTestOptions(options, RAW_REQUEST_OPTIONS, 'postRaw');
  return rawResponseOf(await fetch(url, rawRequestInit(method, params, options)));
}

async function rawResponseOf(response: Response): Promise<RawResponse> {
  const text = await response.text();
  const json =
    text.startsWith('event:') || text.startsWith('data:')
      ? JSON.parse(
          text
            .split('\n')
            .find((l) => l.startsWith('data:'))!
            .slice(5),
        )
      : JSON.parse(text);
  return { status: response.status, body: json };
}
