import { Agent, request as httpRequest } from 'node:http';

/**
 * A small closed-loop load generator for loopback HTTP: `connections` keep-alive connections, each
 * sending the next request as soon as its previous answer has been read in full, until `total`
 * requests have been answered. Bounded, loopback only (refuses any other host), stops by itself.
 */
export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  total: number;
  /** Gives up (throws) past this wall time. */
  timeoutMs?: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  /** Latency percentiles in ms. */
  p50: number;
  p99: number;
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  if (!LOOPBACK.has(url.hostname)) throw new Error(`load generator: loopback only, refusing ${url.hostname}`);
  const body = Buffer.from(options.body);
  const headers = { ...options.headers, 'content-length': String(body.length) };
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let issued = 0;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);

  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, agent }, (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => (size += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200 || size === 0) reject(new Error(`HTTP ${res.statusCode} from ${options.url}`));
          else {
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            resolve();
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });

  const worker = async () => {
    while (issued < options.total) {
      if (Date.now() > deadline) throw new Error('load generator: timed out');
      issued++;
      await one();
    }
  };
  const start = process.hrtime.bigint();
  try {
    await Promise.all(Array.from({ length: options.connections }, worker));
  } finally {
    agent.destroy();
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)]!,
    p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!,
  };
}
