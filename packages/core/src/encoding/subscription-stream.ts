/** How often an idle subscription stream writes an SSE comment, so that proxies keep it open. */
const KEEP_ALIVE_MS = 15_000;

const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/** One `subscriptions/listen` stream as its owner drives it. */
export interface SubscriptionStream {
  /** The HTTP answer carrying the stream. */
  readonly response: Response;
  /** Whether it has ended. */
  readonly closed: boolean;
  /** Writes one JSON-RPC message as an SSE event (nothing once closed, or once the reader has gone). */
  send(message: Record<string, unknown>): void;
  /** Writes raw SSE text, for a message its owner encoded itself. */
  write(text: string): void;
  /** Ends it, once: `graceful` (the server ends it) first sends the listen request's final result. */
  end(graceful: boolean): void;
}

export interface SubscriptionStreamOptions {
  /** The listen request's id. */
  id: string | number;
  /** The request's signal: its abort ends the stream. */
  signal: AbortSignal | undefined;
  /** The final result's `_meta`, sent when the server ends the stream. */
  completeMeta: Record<string, unknown>;
  /** Once the body is open: acknowledge, start hearing (ending it here is allowed). */
  onOpen(stream: SubscriptionStream): void;
  /** Once, as it ends, before the body closes: stop hearing. */
  onEnd(stream: SubscriptionStream): void;
}

/**
 * The frame both kinds of listen stream share (list changes per caller, task updates): an SSE body, its keep-alive
 * comments, and one teardown whoever ends it (the server, the reader, the request's abort).
 */
export function openSubscriptionStream(options: SubscriptionStreamOptions): SubscriptionStream {
  const { id, signal } = options;
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  const write = (text: string): void => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      // the reader has gone: the stream's cancel tears it down
    }
  };
  const send = (message: Record<string, unknown>): void =>
    write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', ...message })}\n\n`);
  const onAbort = (): void => end(false);
  const end = (graceful: boolean): void => {
    if (closed) return;
    if (graceful) send({ id, result: { resultType: 'complete', _meta: options.completeMeta } });
    closed = true;
    clearInterval(keepAlive);
    signal?.removeEventListener('abort', onAbort);
    options.onEnd(stream);
    try {
      controller.close();
    } catch {
      // already closed by the reader
    }
  };
  // the response is set right after the body is built: its start already hands `stream` to onOpen
  const stream: { -readonly [K in keyof SubscriptionStream]: SubscriptionStream[K] } = {
    response: undefined as unknown as Response,
    get closed() {
      return closed;
    },
    send,
    write,
    end,
  };
  const readable = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
      options.onOpen(stream);
      if (closed) return;
      keepAlive = setInterval(() => write(': keepalive\n\n'), KEEP_ALIVE_MS);
      keepAlive.unref?.();
    },
    cancel: () => end(false),
  });
  stream.response = new Response(readable, { status: 200, headers: EVENT_STREAM_HEADERS });
  if (signal?.aborted) end(false);
  else signal?.addEventListener('abort', onAbort, { once: true });
  return stream;
}
