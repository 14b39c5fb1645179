import autocannon from 'autocannon';

/**
 * One load slice with autocannon (programmatic API): `connections` keep-alive connections POSTing the same
 * body for `seconds` (or exactly `amount` requests), loopback only. Throws if any answer was not a 2xx or
 * a connection failed: a figure made of errors is not a figure.
 */
export interface SliceOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  seconds?: number;
  amount?: number;
}

export interface SliceResult {
  requests: number;
  seconds: number;
  perSecond: number;
  /** Latency in ms. */
  p50: number;
  p99: number;
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

export async function cannon(options: SliceOptions): Promise<SliceResult> {
  const url = new URL(options.url);
  if (!LOOPBACK.has(url.hostname)) throw new Error(`load: loopback only, refusing ${url.hostname}`);
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds ?? 3 }),
    timeout: 30,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `load on ${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors (${result.timeouts} timeouts)`,
    );
  }
  const requests = result.requests.total;
  return {
    requests,
    seconds: result.duration,
    perSecond: requests / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}
