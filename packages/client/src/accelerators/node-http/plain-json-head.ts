import { isPlainJson } from './node-http-answer';

/**
 * Reads the head of an HTTP/1.1 answer to a leg, as far as the leg sockets (leg-sockets.ts) complete an answer
 * themselves: `200`, exactly one `Content-Length`, one plain JSON `Content-Type`, no `Transfer-Encoding` or
 * `Upgrade`, `Connection` at most one `keep-alive` or `close`, at most one `Keep-Alive`, every line in the
 * plainest form `node:http`'s parser accepts. `other` says "anything else": the bytes go to `node:http`'s own
 * parser (replayed-socket.ts), which reads them as it always did, errors included. So nothing here may accept
 * what that parser would read otherwise; it may leave to it whatever it likes.
 */
export type AnswerHead =
  | {
      kind: 'json';
      /** Where the body starts in the bytes read. */
      bodyStart: number;
      length: number;
      /** How long the connection may wait idle for the next leg, as node's agent reads `Keep-Alive`; undefined: close it. */
      idleMs: number | undefined;
    }
  | { kind: 'incomplete' }
  | { kind: 'other' };

/** node's own limit on a head (`--max-http-header-size`'s default); a longer one is node's to refuse. */
const MAX_HEAD = 16 * 1024;
const STATUS_LINE = /^HTTP\/1\.1 200 [\x20-\x7e]*$/;
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*([\x20-\x7e\t]*?)[ \t]*$/;
const LENGTH = /^(?:0|[1-9][0-9]{0,14})$/;
/** Less than the server's `Keep-Alive: timeout` by this much, as node's agent does (HTTP_AGENT_KEEP_ALIVE_TIMEOUT_BUFFER). */
const HINT_MARGIN_MS = 1000;
const PREFIX = 'HTTP/1.1 200 ';

/**
 * Reads `bytes` (everything received so far) as an answer head; `idleMs` is the client's own keep-alive limit.
 * An unfinished head is judged line by line as it comes: the first line that is not in the plainest form says
 * `other` at once, so node's parser reads the rest as it arrives and reports its own errors in their order.
 */
export function readAnswerHead(bytes: Buffer, idleMs: number): AnswerHead {
  const end = bytes.indexOf('\r\n\r\n', 0, 'latin1');
  const headEnd = end === -1 ? bytes.length : end;
  if (headEnd > MAX_HEAD / 2) return { kind: 'other' };
  const lines = bytes.toString('latin1', 0, headEnd).split('\r\n');
  // the line still arriving (its CR may be in, its LF not yet)
  const partial = end === -1 ? lines.pop()!.replace(/\r$/, '') : undefined;
  if (lines.length === 0) return partial !== undefined && isStatusLineSoFar(partial) ? INCOMPLETE : OTHER;
  if (!STATUS_LINE.test(lines[0]!)) return OTHER;
  let length: number | undefined;
  let contentType: string | undefined;
  let connection: string | undefined;
  let keepAlive: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const match = HEADER_LINE.exec(lines[i]!);
    if (match === null) return OTHER;
    const name = match[1]!.toLowerCase();
    const value = match[2]!;
    if (name === 'content-length') {
      if (length !== undefined || !LENGTH.test(value)) return OTHER;
      length = Number(value);
    } else if (name === 'content-type') {
      if (contentType !== undefined) return OTHER;
      contentType = value;
    } else if (name === 'connection') {
      if (connection !== undefined) return OTHER;
      connection = value.toLowerCase();
      if (connection !== 'keep-alive' && connection !== 'close') return OTHER;
    } else if (name === 'keep-alive') {
      if (keepAlive !== undefined) return OTHER;
      keepAlive = value;
    } else if (name === 'transfer-encoding' || name === 'upgrade') return OTHER;
  }
  if (partial !== undefined) return HEADER_SO_FAR.test(partial) ? INCOMPLETE : OTHER;
  if (length === undefined || !isPlainJson(contentType)) return OTHER;
  return {
    kind: 'json',
    bodyStart: end + 4,
    length,
    idleMs: connection === 'close' ? undefined : idleFor(keepAlive, idleMs),
  };
}

const INCOMPLETE: AnswerHead = { kind: 'incomplete' };
const OTHER: AnswerHead = { kind: 'other' };
/** The start of a header line in the plainest form (its name, then its value, so far). */
const HEADER_SO_FAR = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]*(?::[\x20-\x7e\t]*)?$/;

/** Whether a status line still arriving may become `HTTP/1.1 200 ` and a plain reason. */
function isStatusLineSoFar(line: string): boolean {
  if (line.length <= PREFIX.length) return PREFIX.startsWith(line);
  return line.startsWith(PREFIX) && /^[\x20-\x7e]*$/.test(line.slice(PREFIX.length));
}

/** node's agent: the server's `Keep-Alive: timeout=N` hint less a second when shorter than its own, none under a second. */
function idleFor(hint: string | undefined, idleMs: number): number | undefined {
  const seconds = hint === undefined ? undefined : /^timeout=(\d+)/.exec(hint)?.[1];
  if (seconds === undefined) return idleMs;
  const hinted = Number.parseInt(seconds, 10) * 1000 - HINT_MARGIN_MS;
  if (!(hinted > 0)) return undefined;
  return hinted < idleMs ? hinted : idleMs;
}
