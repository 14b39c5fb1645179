import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  RELATED_TASK_META_KEY,
  classifyInboundRequest,
  type InboundClassificationOutcome,
  type InboundHttpRequest,
} from '@modelcontextprotocol/server';

/** The first protocol revision of the modern era: the SDK orders revisions as strings (ISO dates). */
const FIRST_MODERN_REVISION = '2026-07-28';

/** The log levels an envelope may name (the SDK's `LoggingLevel`). */
const LOG_LEVELS = new Set<string>(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

/** The keys a JSON-RPC request may have (the SDK's request schema is strict). */
const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

/**
 * The SDK's `classifyInboundRequest`, with its commonest outcome found without its schemas: a POSTed
 * JSON-RPC request whose `_meta` carries a well-formed modern envelope in its plainer shapes (no related
 * task; client info of strings; client capabilities without `experimental` or anything in `sampling`,
 * `elicitation` at most empty `form` and `url`, as a client with an elicitation callback declares it on
 * every leg, and `extensions` at most empty objects, as Tessera's client declares the Tasks extension on
 * every tool call), with headers that agree with the body as they are. For it the SDK parses
 * the body against both response schemas (a failure each, the costliest part), the request schema and the
 * envelope schema, and answers a modern route naming the claimed revision; here the same route is read
 * off the body. Anything else, valid or not, is handed to the SDK's classifier itself, so its verdict and
 * its error answer are the SDK's by construction.
 *
 * Held to the SDK's classifier by a seeded differential fuzz test (classify-inbound.fuzz.test.ts), and at
 * start-up by `quickClassifierAgrees` (check-lane-assumptions.ts), so an SDK that classifies differently
 * turns the lane off. The body is JSON as parsed (no `undefined`, no prototypes of its own).
 */
export function classifyInbound(request: InboundHttpRequest): InboundClassificationOutcome {
  return quickModernRoute(request) ?? classifyInboundRequest(request);
}

/** The route of a plain modern request, read off its body; undefined for anything else (the SDK decides it). */
export function quickModernRoute(request: InboundHttpRequest): InboundClassificationOutcome | undefined {
  const { body, protocolVersionHeader: version, mcpMethodHeader: method } = request;
  if (request.httpMethod !== 'POST' || !isObject(body)) return undefined;
  const b = body as Record<string, unknown>;
  // a request by the request schema, and so (having a method) by neither response schema
  if (b.jsonrpc !== '2.0' || typeof b.method !== 'string' || b.method === 'initialize' || !isRequestId(b.id))
    return undefined;
  for (const key in b) if (!REQUEST_KEYS.has(key)) return undefined;
  const params = b.params;
  if (!isObject(params)) return undefined;
  const meta = params._meta;
  if (!isObject(meta) || meta[RELATED_TASK_META_KEY] !== undefined) return undefined;
  const progressToken = meta.progressToken;
  if (progressToken !== undefined && !isRequestId(progressToken)) return undefined;
  const revision = meta[PROTOCOL_VERSION_META_KEY];
  if (typeof revision !== 'string' || revision < FIRST_MODERN_REVISION) return undefined;
  const level = meta[LOG_LEVEL_META_KEY];
  if (level !== undefined && !LOG_LEVELS.has(level as string)) return undefined;
  if (!isPlainClientInfo(meta[CLIENT_INFO_META_KEY])) return undefined;
  if (!isPlainCapabilities(meta[CLIENT_CAPABILITIES_META_KEY])) return undefined;
  // the header cross-checks (a padded header, which the SDK trims first, is left to it too)
  if ((version !== undefined && version !== revision) || (method !== undefined && method !== b.method))
    return undefined;
  return {
    kind: 'modern',
    messageKind: 'request',
    message: body as never,
    classification: { era: 'modern', revision },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The SDK's request id (and progress token): a string or a safe integer. */
export function isRequestId(value: unknown): boolean {
  return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
}

const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';

/** Absent, or an `Implementation` of strings without icons (other keys are stripped by its schema, not refused). */
function isPlainClientInfo(value: unknown): boolean {
  if (value === undefined) return true;
  return (
    isObject(value) &&
    typeof value.name === 'string' &&
    typeof value.version === 'string' &&
    isOptionalString(value.title) &&
    isOptionalString(value.websiteUrl) &&
    isOptionalString(value.description) &&
    value.icons === undefined
  );
}

/**
 * The 2026-07-28 client capabilities in their plainest shapes: no `experimental`, `extensions` absent or each an
 * empty object, `sampling` absent or without `context` and `tools`, `elicitation` absent, empty or empty `form`
 * and `url`, `roots` absent or an object whose `listChanged` is absent or a boolean (any other key, `tasks`
 * included, is stripped by the schema, not refused).
 */
function isPlainCapabilities(value: unknown): boolean {
  if (!isObject(value) || value.experimental !== undefined || !isPlainExtensions(value.extensions)) return false;
  const { sampling, elicitation, roots } = value;
  if (sampling !== undefined && !(isObject(sampling) && sampling.context === undefined && sampling.tools === undefined))
    return false;
  if (!isPlainElicitation(elicitation)) return false;
  return (
    roots === undefined ||
    (isObject(roots) && (roots.listChanged === undefined || typeof roots.listChanged === 'boolean'))
  );
}

/** `elicitation` as clients declare it: absent, empty, or `form` and/or `url`, each an empty object. */
function isPlainElicitation(value: unknown): boolean {
  if (value === undefined) return true;
  if (!isObject(value)) return false;
  for (const key in value) if ((key !== 'form' && key !== 'url') || !isEmptyObject(value[key])) return false;
  return true;
}

/**
 * `extensions` as Tessera's client declares them: absent, or each extension an empty object (the schema takes any
 * JSON object there; a fuller one, and a `__proto__` key, are the SDK's to read).
 */
function isPlainExtensions(value: unknown): boolean {
  if (value === undefined) return true;
  if (!isObject(value)) return false;
  for (const key in value) if (key === '__proto__' || !isEmptyObject(value[key])) return false;
  return true;
}

function isEmptyObject(value: unknown): boolean {
  if (!isObject(value)) return false;
  for (const _ in value) return false;
  return true;
}

/**
 * Whether the installed SDK's classifier still gives, for requests of every shape the quick path answers,
 * the route the quick path gives. Run at start-up with the lane's other checks: a false turns the lane off.
 */
export function quickClassifierAgrees(): boolean {
  const envelope = (extra: Record<string, unknown>) => ({
    [PROTOCOL_VERSION_META_KEY]: FIRST_MODERN_REVISION,
    [CLIENT_CAPABILITIES_META_KEY]: {},
    ...extra,
  });
  const samples: Array<[Record<string, unknown>, Partial<InboundHttpRequest>]> = [
    [envelope({ [CLIENT_INFO_META_KEY]: { name: 'c', version: '1' } }), {}],
    [
      envelope({ [CLIENT_INFO_META_KEY]: { name: 'c', version: '1', title: 't', websiteUrl: 'u', description: 'd' } }),
      {},
    ],
    [envelope({ [CLIENT_CAPABILITIES_META_KEY]: { sampling: {}, elicitation: {}, roots: { listChanged: true } } }), {}],
    [envelope({ [CLIENT_CAPABILITIES_META_KEY]: { elicitation: { form: {} } } }), {}],
    [envelope({ [CLIENT_CAPABILITIES_META_KEY]: { elicitation: { form: {}, url: {} }, sampling: {} } }), {}],
    [envelope({ [CLIENT_CAPABILITIES_META_KEY]: { elicitation: { form: {} }, extensions: { 'x.y/tasks': {} } } }), {}],
    [envelope({ [CLIENT_CAPABILITIES_META_KEY]: { extensions: {} } }), {}],
    [envelope({ [CLIENT_CAPABILITIES_META_KEY]: { roots: {}, tasks: 1 }, 'example.com/x': 1 }), {}],
    [envelope({}), { protocolVersionHeader: undefined, mcpMethodHeader: undefined, mcpNameHeader: undefined }],
    [envelope({ [PROTOCOL_VERSION_META_KEY]: '2099-01-01' }), { protocolVersionHeader: '2099-01-01' }],
    [envelope({ progressToken: 'p', [LOG_LEVEL_META_KEY]: 'debug' }), {}],
    [envelope({ progressToken: 7, [LOG_LEVEL_META_KEY]: 'emergency' }), {}],
  ];
  return samples.every(([meta, headers], i) => {
    const request: InboundHttpRequest = {
      httpMethod: 'POST',
      body: { jsonrpc: '2.0', id: i % 2 ? `r${i}` : i, method: 'tools/call', params: { name: 'echo', _meta: meta } },
      protocolVersionHeader: FIRST_MODERN_REVISION,
      mcpMethodHeader: 'tools/call',
      mcpNameHeader: 'echo',
      ...headers,
    };
    const quick = quickModernRoute(request);
    return quick !== undefined && sameOutcome(quick, classifyInboundRequest(request));
  });
}

/** Two outcomes alike: the same JSON and, for a route, the very message given. */
export function sameOutcome(a: InboundClassificationOutcome, b: InboundClassificationOutcome): boolean {
  const message = (o: InboundClassificationOutcome) => (o.kind === 'modern' ? o.message : undefined);
  return message(a) === message(b) && JSON.stringify(a) === JSON.stringify(b);
}
