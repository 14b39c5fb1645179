import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/** The headers the SDK's per-request transport streams an exchange with. */
const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
};

/** The SDK's default heartbeat on an open exchange stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * The answer of a direct call that sends a message before its result: as on the SDK's path, the JSON
 * answer becomes a stream of `message` events, the result last, with a comment heartbeat while it is open.
 */
export class EventStreamAnswer {
  readonly response: Response;
  private controller?: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private closed = false;

  // a reader that goes away only stops the stream: the call itself hears it through the request's signal
  constructor() {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => void (this.controller = controller),
      cancel: () => this.stop(),
    });
    this.response = new Response(body, { status: 200, headers: EVENT_STREAM_HEADERS });
    this.heartbeat = setInterval(() => this.write(': keepalive\n\n'), KEEP_ALIVE_MS);
  }

  send(message: JSONRPCMessage): void {
    this.sendText(JSON.stringify(message));
  }

  /** Sends the last message (as JSON text) and ends the stream. */
  end(json: string): void {
    this.sendText(json);
    this.stop();
  }

  private sendText(json: string): void {
    this.write(`event: message\ndata: ${json}\n\n`);
  }

  private stop(): void {
    clearInterval(this.heartbeat);
    if (this.closed) return;
    this.closed = true;
    try {
      this.controller?.close();
    } catch {
      // already closed by the reader going away
    }
  }

  private write(frame: string): void {
    if (this.closed) return;
    try {
      this.controller?.enqueue(this.encoder.encode(frame));
    } catch {
      // the reader went away; cancel() stops the rest
    }
  }
}
