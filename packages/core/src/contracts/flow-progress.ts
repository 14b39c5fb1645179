/**
 * Where a multi-round flow stands, for telemetry: a random id shared by all its rounds, this round's number
 * (1 for the first call), and the first round's span, which later rounds link to. Carried inside the sealed
 * `requestState` (never readable by the client), only when telemetry is on.
 */
export interface FlowMark {
  id: string;
  round: number;
  /** The first round's span context: trace id, span id, W3C trace flags. */
  trace?: { traceId: string; spanId: string; flags: number };
}

/** The flow mark of one call: opened by the request-state stage (`incoming`), left by telemetry to seal (`outgoing`). */
export interface FlowProgress {
  incoming: FlowMark | undefined;
  outgoing: FlowMark | undefined;
}

/** Reads a mark from opened state; anything of another shape is no mark (the flow restarts its count). */
export function readFlowMark(value: unknown): FlowMark | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const mark = value as Partial<FlowMark>;
  if (typeof mark.id !== 'string' || !Number.isSafeInteger(mark.round) || (mark.round as number) < 1) return undefined;
  const trace = mark.trace;
  const validTrace =
    typeof trace === 'object' &&
    trace !== null &&
    typeof trace.traceId === 'string' &&
    typeof trace.spanId === 'string' &&
    typeof trace.flags === 'number';
  return { id: mark.id, round: mark.round as number, ...(validTrace && { trace }) };
}
