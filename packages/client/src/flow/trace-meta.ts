import { context, isSpanContextValid, trace } from '@opentelemetry/api';

/** The W3C Trace Context fields a request carries in its `_meta`, which a Tessera server reads as the caller's span. */
export interface TraceMeta {
  traceparent: string;
  tracestate?: string;
}

/**
 * The active OpenTelemetry span of the caller as `_meta.traceparent` (`00-traceid-spanid-flags`) and
 * `tracestate`, or undefined when there is none (no SDK registered, no span, an invalid one).
 *
 * Written out here rather than through the global propagator: the server reads these two `_meta` fields
 * whatever propagator either process registered, and a process that registered none still gets them.
 */
export function traceMetaOfActiveSpan(): TraceMeta | undefined {
  const span = trace.getSpanContext(context.active());
  if (span === undefined || !isSpanContextValid(span)) return undefined;
  const flags = (span.traceFlags & 0xff).toString(16).padStart(2, '0');
  const tracestate = span.traceState?.serialize();
  return { traceparent: `00-${span.traceId}-${span.spanId}-${flags}`, ...(tracestate ? { tracestate } : {}) };
}
