import type { JSONRPCMessage, MessageExtraInfo, Transport } from '@modelcontextprotocol/server';
import type { Logger } from '../logging/logger';
import { silentLogger } from '../logging/silent-logger';
import { DEFAULT_REQUEST_LIMITS, type ResolvedRequestLimits } from '../limits/request-limits';
import { refuseBeforeDispatch } from './refuse-before-dispatch';

/**
 * Wraps a message transport (stdio, in-memory) so malformed retry params are answered before the SDK
 * sees them, as the HTTP face does. Everything else passes straight through.
 */
export function guardTransport(
  inner: Transport,
  logger: Logger = silentLogger,
  limits: ResolvedRequestLimits = DEFAULT_REQUEST_LIMITS,
): Transport {
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
    const refusal = refuseBeforeDispatch(message, logger, limits);
    if (refusal) void inner.send(refusal).catch((error) => outer.onerror?.(error as Error));
    else outer.onmessage?.(message, extra);
  };
  inner.onclose = () => outer.onclose?.();
  inner.onerror = (error) => outer.onerror?.(error);
  return outer;
}
