import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { connectionSignal } from './connection-signal';

/**
 * The read-only `Headers` of a node request, over `req.headers` as node parsed them (no copy). Node already
 * lower-cases names and joins repeated ones, as `Headers.get` would.
 */
class NodeHeadersView {
  constructor(private readonly raw: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const [name, value] of this.entries()) callback(value, name);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.raw).sort()) {
      if (name.startsWith(':')) continue;
      const value = this.get(name);
      if (value !== null) yield [name, value];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/**
 * A node POST as the web `Request` the endpoint and the SDK read on the stateless 2026-07-28 path, without
 * building one (an undici `Request`, its header list, body stream and signal cost more than the rest of
 * the HTTP layer): method, URL, headers and signal are views of the node objects, and the body, already
 * read, is served from memory. `clone()` builds a real `Request` for whoever needs one.
 */
export class NodeRequestView {
  readonly method = 'POST';
  readonly headers: NodeHeadersView;
  private used = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    /** Empty until the face has read the body (headers are checked before that: see node-face-steps.ts). */
    private bodyText = '',
  ) {
    this.headers = new NodeHeadersView(req.headers);
  }

  /** The body, once read. */
  withBody(text: string): this {
    this.bodyText = text;
    return this;
  }

  get url(): string {
    return `http://${this.headers.get('host') ?? 'localhost'}${this.req.url ?? '/'}`;
  }

  /** Aborts when the client goes away (its connection closes) before the exchange ends: see connection-signal.ts. */
  get signal(): AbortSignal {
    return connectionSignal(this.req.socket);
  }

  get bodyUsed(): boolean {
    return this.used;
  }

  async text(): Promise<string> {
    if (this.used) throw new TypeError('Body is unusable: Body has already been read');
    this.used = true;
    return this.bodyText;
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  /**
   * A real `Request` with the same bytes. Its signal is its own (aborted if the client goes away before the
   * answer is written): a `Request` made with the connection's signal would leave a listener on it until collected.
   */
  clone(): Request {
    return new Request(this.url, {
      method: this.method,
      headers: [...this.headers.entries()],
      body: this.bodyText,
      signal: responseSignal(this.res),
    });
  }
}

/** Aborts when `res` closes before the answer is written. */
function responseSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  if (res.destroyed) controller.abort();
  else res.once('close', () => !res.writableFinished && controller.abort());
  return controller.signal;
}

/** The view where a `Request` is expected: it carries every member the endpoint and the SDK read on this path. */
export function asRequest(view: NodeRequestView): Request {
  return view as unknown as Request;
}
