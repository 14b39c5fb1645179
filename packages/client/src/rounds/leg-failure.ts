/**
 * Why a leg failed on its way to a handler, when the failure is one a fleet behind a balancer produces: the
 * instance was gone, stopping, or died while it held the leg, or a store the server needs was down.
 *
 * - `connection_refused`: nothing listened where the client connected (the balancer itself is down, or the
 *   client talks to one instance directly). No handler saw the leg.
 * - `no_upstream`: HTTP 503: no instance accepted the leg (the shipped nginx config answers 503 only then),
 *   or an instance refused it before any handler ran (a Tessera instance that is stopping says
 *   `data.reason: 'draining'`). No handler saw the leg.
 * - `store_unavailable`: JSON-RPC `-31503`: a store the leg needs (single-use state) did not answer; the
 *   server refused the leg before its handler ran.
 * - `leg_in_progress`: JSON-RPC `-31503` with `data.reason: 'leg_in_progress'`: a resend of an idempotent
 *   leg found its first run still going on another instance; nothing ran for the resend, which is sent
 *   again and then gets the first run's answer.
 * - `connection_reset` before the request was completely written: no handler can have seen the leg.
 * - `bad_gateway` (502), `gateway_timeout` (504), `connection_reset` (the connection dropped after the
 *   request was written, before the answer was complete): the leg may have reached a handler, which may
 *   have run.
 */
export type LegFailureKind =
  | 'connection_refused'
  | 'no_upstream'
  | 'store_unavailable'
  | 'leg_in_progress'
  | 'bad_gateway'
  | 'gateway_timeout'
  | 'connection_reset';

export interface LegFailure {
  kind: LegFailureKind;
  /** The HTTP status, when there was an answer. */
  status?: number;
  /** `false`: certainly never reached a handler; `'maybe'`: it may have, and may have run. */
  reachedHandler: false | 'maybe';
  /** How long the server asked the client to wait before sending it again (`data.retryAfterMs`), if it said. */
  retryAfterMs?: number;
}

/** The code `nodeHttpFetch` puts on a socket failure that came before the request was completely written. */
export const REQUEST_NOT_WRITTEN = 'TESSERA_REQUEST_NOT_WRITTEN';

/** The JSON-RPC code of a leg refused because a store it needs did not answer (`@tessera/core`). */
export const STORE_UNAVAILABLE_CODE = -31503;

const REFUSED = new Set(['ECONNREFUSED']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Recognises a fleet-shaped failure of one leg; anything else (another JSON-RPC error, a timeout, ...) is `undefined`. */
export function classifyLegFailure(error: unknown): LegFailure | undefined {
  const storeDown = storeUnavailable(error);
  if (storeDown !== undefined) return storeDown;
  const status = httpStatusOf(error);
  if (status === 503) return withRetryAfter({ kind: 'no_upstream', status, reachedHandler: false }, bodyData(error));
  if (status === 502) return { kind: 'bad_gateway', status, reachedHandler: 'maybe' };
  if (status === 504) return { kind: 'gateway_timeout', status, reachedHandler: 'maybe' };
  if (status !== undefined) return undefined;
  const codes = causeCodes(error);
  if (codes.some((code) => REFUSED.has(code))) return { kind: 'connection_refused', reachedHandler: false };
  if (codes.some((code) => RESET.has(code)))
    return { kind: 'connection_reset', reachedHandler: codes.includes(REQUEST_NOT_WRITTEN) ? false : 'maybe' };
  return undefined;
}

/** `-31503` with `data.reason: 'store_unavailable'`, as the SDK client hands a JSON-RPC error over (`code`, `data`). */
function storeUnavailable(error: unknown): LegFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; data?: unknown };
  if (e.code !== STORE_UNAVAILABLE_CODE) return undefined;
  const kind =
    (e.data as { reason?: unknown } | undefined)?.reason === 'leg_in_progress'
      ? 'leg_in_progress'
      : 'store_unavailable';
  return withRetryAfter({ kind, reachedHandler: false }, e.data);
}

function withRetryAfter(failure: LegFailure, data: unknown): LegFailure {
  const wait = (data as { retryAfterMs?: unknown } | undefined)?.retryAfterMs;
  return typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? { ...failure, retryAfterMs: wait } : failure;
}

/** The `error.data` of a JSON-RPC error in an HTTP error's body (a stopping Tessera instance's 503), if any. */
function bodyData(error: unknown): unknown {
  const text = (error as { data?: { text?: unknown } }).data?.text;
  if (typeof text !== 'string' || text.length > 4096) return undefined;
  try {
    return (JSON.parse(text) as { error?: { data?: unknown } }).error?.data;
  } catch {
    return undefined;
  }
}

/** The status of the SDK's HTTP error (`SdkHttpError`), read by shape so a duplicated SDK copy works too. */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { name?: unknown; data?: { status?: unknown } };
  if (e.name !== 'SdkHttpError') return undefined;
  return typeof e.data?.status === 'number' ? e.data.status : undefined;
}

/** Every `code` along the `cause` chain (fetch wraps the socket error: TypeError('fetch failed', { cause })). */
function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const e = current as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof e.code === 'string') codes.push(e.code);
    // Happy eyeballs: one error per address tried.
    if (Array.isArray(e.errors))
      for (const inner of e.errors)
        if (typeof (inner as { code?: unknown })?.code === 'string') codes.push((inner as { code: string }).code);
    current = e.cause;
  }
  return codes;
}
