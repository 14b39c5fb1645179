import {
  PerRequestHTTPServerTransport,
  type JSONRPCMessage,
  type RequestId,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';
import type { AnswerSlot } from './answer-slot';

/**
 * The members of the SDK's per-request transport its plain JSON answer goes through (private in its
 * typings: SDK 2.4). Read only to take the one branch below; every other message and state goes through
 * the transport's own `send` unchanged.
 */
interface PerRequestInternals {
  _closed: boolean;
  _terminalDelivered: boolean;
  _requestId?: unknown;
  _sse?: unknown;
  _responseMode: string;
  settleResponse(response: Response): void;
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void>;
  close(): Promise<void>;
}

/** The transport seen through the members above, when it has them all (otherwise undefined). */
function internalsOf(transport: Transport): PerRequestInternals | undefined {
  if (!(transport instanceof PerRequestHTTPServerTransport)) return undefined;
  const ok =
    '_terminalDelivered' in transport &&
    '_sse' in transport &&
    '_responseMode' in transport &&
    typeof (transport as unknown as { settleResponse?: unknown }).settleResponse === 'function';
  return ok ? (transport as unknown as PerRequestInternals) : undefined;
}

/**
 * Makes the exchange's result land in `slot` instead of in a web `Response`. Only the transport's plain
 * case is taken: the request's own result, not yet answered, while no SSE stream is open or asked for; the
 * SDK answers that with status 200 and the message as JSON, and the face writes exactly that (tested
 * byte for byte against the SDK path in http-fast-path.test.ts). Errors (their status depends on where
 * they arose), streams and notifications stay the SDK's; `onAnswered` hears the id of a request answered
 * here. If the transport is not the one this was written against, nothing changes.
 */
export function answerIntoSlot(transport: Transport, slot: AnswerSlot, onAnswered?: (id: RequestId) => void): void {
  const t = internalsOf(transport);
  if (!t) return;
  const send = t.send.bind(t);
  t.send = (message, options) => {
    const plainResult =
      'result' in message &&
      !('error' in message) &&
      t._requestId !== undefined &&
      message.id === t._requestId &&
      !t._closed &&
      !t._terminalDelivered &&
      t._sse === undefined &&
      t._responseMode !== 'sse';
    if (!plainResult) return send(message, options);
    t._terminalDelivered = true;
    t.settleResponse(slot.take(message));
    onAnswered?.(message.id);
    // as the SDK does after a JSON answer: the exchange ends once the answer is handed over
    queueMicrotask(() => void t.close());
    return Promise.resolve();
  };
}
