import type { SpanContext } from '@opentelemetry/api';
import type { FlowMark } from '../contracts/flow-progress';

type MarkTrace = NonNullable<FlowMark['trace']>;

/** The first round's span as kept in the flow mark (sealed state), and back. */
export function markTrace(span: SpanContext): MarkTrace {
  return { traceId: span.traceId, spanId: span.spanId, flags: span.traceFlags };
}

export function spanContextOf(trace: MarkTrace): SpanContext {
  return { traceId: trace.traceId, spanId: trace.spanId, traceFlags: trace.flags, isRemote: true };
}
