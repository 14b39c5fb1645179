import type { JSONRPCMessage, MessageExtraInfo, Transport } from '@modelcontextprotocol/server';

/** The endpoint's checks on one parsed message (`McpEndpoint.screen`): the refusal to send, or nothing. */
export type ScreenMessage = (message: unknown) => JSONRPCMessage | undefined;

/**
 * Wraps a message transport (stdio, in-memory) so a message the endpoint refuses before dispatch (a
 * non-string state, malformed retry params, arguments over the limits) is answered before the SDK sees it,
 * logged and counted as on the HTTP face. Everything else passes straight through.
 */
export function guardTransport(inner: Transport, screen: ScreenMessage): Transport {
  const outer: Transport = {
    start: () => inner.start(),
    send: (message, options) => inner.send(message, options),
    close: () => inner.close(),
    get sessionId() {
      return inner.sessionId;
    },
    setProtocolVersion: inner.setProtocolVersion?.bind(inner),
    setSupportedProtocolVersions: inner.setSupportedProtocolVersions?.bind(inner),
  };
  inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
    const refusal = screen(message);
    if (refusal) void inner.send(refusal).catch((error) => outer.onerror?.(error as Error));
    else outer.onmessage?.(message, extra);
  };
  inner.onclose = () => outer.onclose?.();
  inner.onerror = (error) => outer.onerror?.(error);
  return outer;
}
