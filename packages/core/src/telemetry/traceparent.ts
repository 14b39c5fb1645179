import type { Context, SpanContext } from '@opentelemetry/api';
import { loadFeature } from '../loading/load-feature';

// W3C Trace Context: version 00, 32 hex trace id, 16 hex parent id, 2 hex flags.
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The caller's span from the request's `_meta.traceparent` (and `tracestate`), as a parent context, or undefined
 * when there is none or it is malformed (then the span starts from the active context, as without one).
 */
export function contextFromMeta(meta: Record<string, unknown> | undefined, base: Context): Context | undefined {
  const traceparent = meta?.traceparent;
  if (typeof traceparent !== 'string') return undefined;
  const match = TRACEPARENT.exec(traceparent.trim().toLowerCase());
  if (match === null) return undefined;
  const tracestate = meta?.tracestate;
  const { createTraceState, isSpanContextValid, trace } = loadFeature('openTelemetry');
  const spanContext: SpanContext = {
    traceId: match[1],
    spanId: match[2],
    traceFlags: parseInt(match[3], 16),
    isRemote: true,
    ...(typeof tracestate === 'string' && { traceState: createTraceState(tracestate) }),
  };
  return isSpanContextValid(spanContext) ? trace.setSpanContext(base, spanContext) : undefined;
}
