import type { RequestId, Server, Transport } from '@modelcontextprotocol/server';
import type { AnswerSlot } from './answer-slot';
import { answerIntoSlot } from './answer-into-slot';
import { routeRequestsFirst } from './route-requests-first';

/**
 * The members of the SDK's `Server` (`Protocol`) a lane exchange reads or wraps (private or protected in
 * its typings: SDK 2.4; checked at start-up by check-lane-assumptions.ts).
 */
interface ServerInternals {
  _requestHandlerAbortControllers: Map<RequestId, AbortController>;
  _responseHandlers: Map<number, unknown>;
  _pendingDebouncedNotifications: Set<string>;
  _transport: Transport | undefined;
  onclose?: () => void;
  _onclose(): void;
  connect(transport: Transport): Promise<void>;
}

/**
 * Makes the per-request SDK server of one exchange the lane serves cheaper to run, without changing what it
 * answers:
 * - its plain JSON result lands in `slot` (answer-into-slot.ts) instead of a web `Response`;
 * - a request is dispatched before the SDK tries it as a response (route-requests-first.ts);
 * - a request answered into the slot drops its abort controller at once, as the SDK does once an answer is
 *   sent: the exchange closes right after the answer, before the SDK gets to that, and the close would
 *   otherwise abort a finished request (an abort event per call, about 3 % of an HTTP `tools/call`'s CPU);
 * - on close the SDK builds a `ConnectionClosed` error whether or not anything is left to reject with it,
 *   and capturing its stack trace was the costliest single function of a stateless call (about 5 % of the
 *   server's CPU: tooling/benchmarks/profile-http.js). When nothing is left to abort or reject (no request
 *   running, no response awaited, hence no timeout or progress handler either), the exchange does the rest
 *   of the SDK's close without building that error: it drops the transport and the debounced
 *   notifications and calls `onclose`. Otherwise the SDK's close runs untouched. No process-wide setting
 *   (such as `Error.stackTraceLimit`) is changed.
 * The server is patched in place (the SDK builds it through the app's own factory).
 */
export function asLaneExchange(server: Server, slot: AnswerSlot | undefined): Server {
  const s = server as unknown as ServerInternals;
  const connect = s.connect.bind(server);
  const close = s._onclose.bind(server);
  s.connect = async (transport) => {
    const ownHandler = transport.onmessage !== undefined;
    if (slot) answerIntoSlot(transport, slot, (id) => s._requestHandlerAbortControllers.delete(id));
    await connect(transport);
    if (!ownHandler) routeRequestsFirst(server, transport);
  };
  s._onclose = () => {
    if (s._requestHandlerAbortControllers.size > 0 || s._responseHandlers.size > 0) return close();
    s._pendingDebouncedNotifications.clear();
    s._transport = undefined;
    s.onclose?.();
  };
  return server;
}
