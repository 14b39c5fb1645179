import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PerRequestHTTPServerTransport,
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
  Server,
  classifyInboundRequest,
  isInputRequiredResult,
  specTypeSchemas,
} from '@modelcontextprotocol/server';
import { quickClassifierAgrees } from './direct/classify-inbound';

/**
 * What listen's fast lane relies on in the SDK beyond its public API: the per-request transport's and the
 * server's private members it reads or calls, the spec schemas it checks with, the functions and `_meta`
 * keys it uses. Checked on real instances of the installed SDK; every item that is missing or changed is
 * named. An empty list: the lane may serve. Anything else: the lane stays off and every request takes the
 * SDK's own path, which needs none of this.
 */
export function checkLaneAssumptions(): string[] {
  const changed: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) changed.push(what);
  };
  const transport = tryMake(() => new PerRequestHTTPServerTransport({} as never) as unknown as Record<string, unknown>);
  if (!transport) changed.push('PerRequestHTTPServerTransport cannot be constructed with its options alone');
  else {
    expect(typeof transport._terminalDelivered === 'boolean', 'PerRequestHTTPServerTransport._terminalDelivered');
    expect(typeof transport._closed === 'boolean', 'PerRequestHTTPServerTransport._closed');
    expect('_requestId' in transport, 'PerRequestHTTPServerTransport._requestId');
    expect('_sse' in transport, 'PerRequestHTTPServerTransport._sse');
    expect(typeof transport._responseMode === 'string', 'PerRequestHTTPServerTransport._responseMode');
    for (const method of ['settleResponse', 'send', 'close'])
      expect(typeof transport[method] === 'function', `PerRequestHTTPServerTransport.${method}()`);
  }
  const server = tryMake(
    () => new Server({ name: 'lane-check', version: '0' }, {}) as unknown as Record<string, unknown>,
  );
  if (!server) changed.push('Server cannot be constructed with an identity alone');
  else {
    expect(server._requestHandlerAbortControllers instanceof Map, 'Server._requestHandlerAbortControllers (a Map)');
    expect(server._responseHandlers instanceof Map, 'Server._responseHandlers (a Map)');
    expect(typeof server._onrequest === 'function', 'Server._onrequest()');
    expect(typeof server._onclose === 'function', 'Server._onclose()');
    expect(server._pendingDebouncedNotifications instanceof Set, 'Server._pendingDebouncedNotifications (a Set)');
    expect('_transport' in server, 'Server._transport');
    // the direct path's multi-round-trip seam (direct/input-required-seam.ts)
    expect(servesModernOnceBound(server), 'Server._negotiatedProtocolVersion (read by _servedModernEra())');
    for (const method of ['_invokeInputRequiredCapableHandler', '_wireCodec'])
      expect(typeof server[method] === 'function', `Server.${method}()`);
    expect(identityOf(server)?.name === 'lane-check', "Server._outboundServerInfo() (the server's identity)");
  }
  for (const name of ['CallToolRequest', 'CallToolResult'] as const) {
    const schema = (specTypeSchemas as Record<string, unknown>)[name] as { '~standard'?: { validate?: unknown } };
    expect(typeof schema?.['~standard']?.validate === 'function', `specTypeSchemas.${name}`);
  }
  expect(callToolRequestStillParses(), 'specTypeSchemas.CallToolRequest (a plain call no longer passes it)');
  expect(typeof classifyInboundRequest === 'function', 'classifyInboundRequest()');
  expect(
    quickClassifierAgrees(),
    'classifyInboundRequest (no longer gives the route the direct path reads off a plain request)',
  );
  expect(typeof isInputRequiredResult === 'function', 'isInputRequiredResult()');
  const keys = { PROTOCOL_VERSION_META_KEY, CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY, LOG_LEVEL_META_KEY };
  for (const [name, value] of Object.entries({ ...keys, SERVER_INFO_META_KEY }))
    expect(typeof value === 'string' && value.startsWith('io.modelcontextprotocol/'), name);
  return changed;
}

/** Whether binding the revision as the seam does (input-required-seam.ts) makes the server serve that era. */
function servesModernOnceBound(server: Record<string, unknown>): boolean {
  if (!('_negotiatedProtocolVersion' in server) || typeof server._servedModernEra !== 'function') return false;
  const kept = server._negotiatedProtocolVersion;
  server._negotiatedProtocolVersion = '2026-07-28';
  try {
    return tryMake(() => (server._servedModernEra as () => unknown).call(server)) === true;
  } finally {
    server._negotiatedProtocolVersion = kept;
  }
}

/** What the server stamps into a result's `_meta` as its identity (undefined if it no longer says). */
function identityOf(server: Record<string, unknown>): { name?: unknown } | undefined {
  const read = server._outboundServerInfo;
  return typeof read === 'function' ? tryMake(() => read.call(server) as { name?: unknown } | undefined) : undefined;
}

function tryMake<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch {
    return undefined;
  }
}

function callToolRequestStillParses(): boolean {
  const schema = specTypeSchemas.CallToolRequest as unknown as { '~standard'?: { validate?: (v: unknown) => unknown } };
  const validate = schema?.['~standard']?.validate;
  if (typeof validate !== 'function') return false;
  try {
    const outcome = validate({ method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' } } }) as {
      issues?: unknown;
      then?: unknown;
    };
    return typeof outcome?.then !== 'function' && outcome?.issues === undefined;
  } catch {
    return false;
  }
}
