import type * as NodeHttp from 'node:http';
import { REQUEST_NOT_WRITTEN } from '../../rounds/leg-failure';

/**
 * How an answer read by `node:http` is handed over, for the node:http fetch and the leg sockets alike: a `200`
 * plain JSON answer read whole as its text (when asked for), an event stream as a `Response` whose body
 * streams, anything else as a `Response` of its bytes; failures as `fetch` reports them.
 */

/** What is read of an `AbortSignal` (a transport's own close signal need not be one, see closing-signal.ts). */
export interface StopSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options: { once: true }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A JSON answer read whole: the body's text, decoded as `Response.json()` decodes it (UTF-8, BOM dropped). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** One exchange waiting for its answer. */
export interface PendingAnswer {
  resolve(answer: Response | JsonText): void;
  /** Until the answer is handed over a failure rejects; after, it errors the SSE stream (readAnswer replaces it). */
  fail: (error: unknown) => void;
  /** Drops the exchange's abort listeners. */
  done(): void;
}

/**
 * A pending answer that fails with the reason of the first of `signals` to abort, then calls `stop` (whatever
 * stops the exchange as far as it got); `done` drops those listeners once the answer is settled.
 */
export function abortablePending(
  signals: readonly StopSignal[],
  resolve: (answer: Response | JsonText) => void,
  reject: (error: unknown) => void,
  stop: () => void,
): PendingAnswer {
  const onAbort = signals.map((signal) => () => {
    pending.fail(signal.reason);
    stop();
  });
  const pending: PendingAnswer = {
    resolve,
    fail: reject,
    done: () => signals.forEach((signal, i) => signal.removeEventListener('abort', onAbort[i]!)),
  };
  signals.forEach((signal, i) => signal.addEventListener('abort', onAbort[i]!, { once: true }));
  return pending;
}

/**
 * Reads the answer to `request` into `pending`. `written` says whether the whole request reached the socket
 * (a failure before that is marked: no server can have read it, let alone run it).
 */
export function readAnswer(
  request: NodeHttp.ClientRequest,
  jsonAsText: boolean,
  pending: PendingAnswer,
  written: () => boolean,
): void {
  request.on('error', (error) => {
    pending.done();
    pending.fail(new TypeError('fetch failed', { cause: written() ? error : notWritten(error) }));
  });
  request.on('response', (res) => {
    const status = res.statusCode ?? 0;
    // The answer's Headers list is built only for a Response: a leg's JSON answer needs none.
    const init = () => ({ status, statusText: res.statusMessage ?? '', headers: responseHeaders(res.rawHeaders) });
    const contentType = res.headers['content-type'];
    // (a status that has no body has no stream either: the Response constructor refuses one)
    if (isEventStream(contentType) && !NULL_BODY.has(status)) {
      const stream = streamOf(res, pending.done);
      pending.fail = stream.fail;
      pending.resolve(new Response(stream.body, init()));
      return;
    }
    const whole = jsonAsText && status === 200 && isPlainJson(contentType);
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => {
      pending.done();
      if (whole) pending.resolve(new JsonText(decodeJson(Buffer.concat(chunks))));
      else pending.resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), init()));
    });
    // undici's fetch has resolved by now and its body read fails with 'terminated': the same error here.
    res.on('error', (error) => {
      pending.done();
      pending.fail(new TypeError('terminated', { cause: error }));
    });
  });
}

// As Response.json() decodes: UTF-8, a leading BOM dropped, bad sequences replaced.
const UTF8 = new TextDecoder();

export function decodeJson(bytes: Uint8Array): string {
  return UTF8.decode(bytes);
}

/**
 * Only the plainest JSON content types are read whole here; anything else (parameters, odd spellings) is left to
 * the SDK's own media-type parse, through a `Response`.
 */
export function isPlainJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.toLowerCase();
  return type === 'application/json' || type === 'application/json; charset=utf-8';
}

/** Marks a socket failure that came before the request was written (`classifyLegFailure` reads the code). */
export function notWritten(error: Error): Error {
  return Object.assign(new Error(`request not written: ${error.message}`, { cause: error }), {
    code: REQUEST_NOT_WRITTEN,
  });
}

// Statuses whose Response must have no body (the Response constructor throws otherwise).
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** An SSE answer as a web stream, read as node delivers it; cancelling it closes the answer. */
function streamOf(
  res: NodeHttp.IncomingMessage,
  done: () => void,
): { body: ReadableStream<Uint8Array>; fail: (error: unknown) => void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let settled = false;
  const fail = (error: unknown) => {
    if (settled) return;
    settled = true;
    done();
    controller.error(error);
    res.destroy();
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      res.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        // Backpressure: stop reading the socket until the reader catches up.
        if ((controller.desiredSize ?? 1) <= 0) res.pause();
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        done();
        controller.close();
      });
      res.on('error', (error) => fail(new TypeError('terminated', { cause: error })));
    },
    pull() {
      res.resume();
    },
    cancel() {
      settled = true;
      done();
      res.destroy();
    },
  });
  return { body, fail };
}

function isEventStream(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.split(';', 1)[0]!.trim().toLowerCase() === 'text/event-stream';
}

/** node's raw name/value list, so repeated headers (Set-Cookie, WWW-Authenticate) arrive as fetch gives them. */
function responseHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}
