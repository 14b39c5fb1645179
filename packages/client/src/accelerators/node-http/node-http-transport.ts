import {
  isJSONRPCRequest,
  parseJSONRPCMessage,
  PROTOCOL_VERSION_META_KEY,
  StreamableHTTPClientTransport,
  type JSONRPCMessage,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/client';
import { ClosingSignal } from './closing-signal';
import { legHeaders, plainBaseHeaders } from './leg-headers';
import { JsonText, type NodeHttpClient } from './node-http-fetch';

/**
 * The Streamable HTTP transport for a target given `fetch: nodeHttpFetch()` and no `auth`: the SDK's
 * `StreamableHTTPClientTransport` over the node:http fetch, with the one exchange a flow repeats taken on here.
 * A leg (a single `tools/call`, `prompts/get` or `resources/read` request carrying its protocol version in
 * `_meta`, outside a session) is POSTed with the headers the SDK's transport would build (leg-headers.ts),
 * and a `200` plain JSON answer is parsed and checked with the SDK's own `parseJSONRPCMessage` and handed
 * to `onmessage`, as the SDK's transport does: no web `Headers`, `Response`, body stream or
 * `AbortSignal.any` per leg. Every other answer (an event stream, an HTTP error, a redirect, `202`, another
 * content type) is handed, as the `Response` the node:http fetch makes of it, to the SDK's transport, which
 * handles it as its own; every other message is the SDK transport's from the start.
 */
export class NodeHttpTransport implements Transport {
  /** The SDK's transport: sessions, the GET stream, auth challenges, and every answer that is not plain JSON. */
  readonly sdkTransport: StreamableHTTPClientTransport;
  readonly hasPerRequestStream = true;
  // The user's headers as the SDK's transport sends them, or undefined when one of them is left to it.
  private readonly base: Record<string, string> | undefined;
  // Answers already received for a leg, waiting for the SDK's transport to ask its fetch for them (by body).
  private readonly received = new Map<string, Response>();
  private closing: ClosingSignal | undefined;
  private handlers: Pick<Transport, 'onclose' | 'onerror' | 'onmessage'> = {};

  constructor(
    private readonly url: URL,
    private readonly http: NodeHttpClient,
    headers: Record<string, string> | undefined,
  ) {
    this.base = plainBaseHeaders(headers);
    this.sdkTransport = new StreamableHTTPClientTransport(url, {
      fetch: (input, init) => {
        const answer = typeof init?.body === 'string' ? this.received.get(init.body) : undefined;
        if (answer === undefined) return http.fetch(input, init);
        this.received.delete(init!.body as string);
        return Promise.resolve(answer);
      },
      ...(headers !== undefined && { requestInit: { headers } }),
    });
  }

  get onclose() {
    return this.handlers.onclose;
  }
  set onclose(handler) {
    this.handlers.onclose = this.sdkTransport.onclose = handler;
  }
  get onerror() {
    return this.handlers.onerror;
  }
  set onerror(handler) {
    this.handlers.onerror = this.sdkTransport.onerror = handler;
  }
  get onmessage() {
    return this.handlers.onmessage;
  }
  set onmessage(handler) {
    this.handlers.onmessage = handler;
    this.sdkTransport.onmessage = handler;
  }

  get sessionId(): string | undefined {
    return this.sdkTransport.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.sdkTransport.setProtocolVersion(version);
  }

  async start(): Promise<void> {
    await this.sdkTransport.start();
    this.closing = new ClosingSignal();
  }

  async close(): Promise<void> {
    this.closing?.abort();
    await this.sdkTransport.close();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const headers = this.legHeadersOf(message, options);
    if (headers === undefined) return this.sdkTransport.send(message, options);
    const body = JSON.stringify(message);
    const signals = options?.requestSignal === undefined ? [this.closing!] : [this.closing!, options.requestSignal];
    let answer: Response | JsonText;
    // What the SDK's transport does with a failed fetch or a JSON answer, in its order: parse, check, deliver.
    try {
      answer = await this.http.post(this.url, headers, body, signals);
      if (answer instanceof JsonText) {
        const data: unknown = JSON.parse(answer.text);
        const messages = Array.isArray(data) ? data.map((m) => parseJSONRPCMessage(m)) : [parseJSONRPCMessage(data)];
        for (const each of messages) this.handlers.onmessage?.(each);
        return;
      }
    } catch (error) {
      if (options?.requestSignal?.aborted !== true) this.handlers.onerror?.(error as Error);
      throw error;
    }
    this.received.set(body, answer);
    try {
      await this.sdkTransport.send(message, options);
    } finally {
      this.received.delete(body);
    }
  }

  /** The leg's headers, or undefined when the message is not a leg this transport sends itself. */
  private legHeadersOf(message: JSONRPCMessage, options: TransportSendOptions | undefined) {
    if (this.base === undefined || this.closing === undefined || this.sdkTransport.sessionId !== undefined)
      return undefined;
    if (options?.resumptionToken !== undefined || !isJSONRPCRequest(message)) return undefined;
    const version = (message.params?._meta as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_META_KEY];
    if (typeof version !== 'string') return undefined;
    return legHeaders(this.base, version, message.method, message.params, options?.headers);
  }
}
