/**
 * Why a leg failed on its way to a handler, when the failure is one a balancer in front of several instances
 * produces: the instance was gone, or died while it held the leg.
 *
 * - `connection_refused`: nothing listened where the client connected (the balancer itself is down, or the
 *   client talks to one instance directly). No handler saw the leg.
 * - `no_upstream`: HTTP 503: the balancer had no instance that accepted the leg (the shipped nginx config
 *   answers 503 only then). No handler saw the leg.
 * - `bad_gateway` (502), `gateway_timeout` (504), `connection_reset` (the connection dropped before the
 *   answer was complete): the leg may have reached a handler, which may have run.
 */
export type LegFailureKind =
  'connection_refused' | 'no_upstream' | 'bad_gateway' | 'gateway_timeout' | 'connection_reset';

export interface LegFailure {
  kind: LegFailureKind;
  /** The HTTP status, when there was an answer. */
  status?: number;
  /** `false`: certainly never reached a handler; `'maybe'`: it may have, and may have run. */
  reachedHandler: false | 'maybe';
}

const REFUSED = new Set(['ECONNREFUSED']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Recognises a balancer-shaped failure of one leg; anything else (a JSON-RPC error, a timeout, ...) is `undefined`. */
export function classifyLegFailure(error: unknown): LegFailure | undefined {
  const status = httpStatusOf(error);
  if (status === 503) return { kind: 'no_upstream', status, reachedHandler: false };
  if (status === 502) return { kind: 'bad_gateway', status, reachedHandler: 'maybe' };
  if (status === 504) return { kind: 'gateway_timeout', status, reachedHandler: 'maybe' };
  if (status !== undefined) return undefined;
  const codes = causeCodes(error);
  if (codes.some((code) => REFUSED.has(code))) return { kind: 'connection_refused', reachedHandler: false };
  if (codes.some((code) => RESET.has(code))) return { kind: 'connection_reset', reachedHandler: 'maybe' };
  return undefined;
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
