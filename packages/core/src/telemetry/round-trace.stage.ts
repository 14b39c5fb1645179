import type { Attributes, Link } from '@opentelemetry/api';
import { isInputRequiredResult } from '@modelcontextprotocol/server';
import { bytesToBase64url } from '../encoding/base64';
import type { ExecutionContext } from '../contracts/execution-context';
import type { CallStage } from '../pipeline/call-stage';
import type { FlowTelemetry } from './flow-telemetry';
import { TelemetryAttribute as A, type RoundOutcome } from './telemetry-names';
import { outcomeOfError } from './round-outcome';
import { markTrace, spanContextOf } from './span-context';
import { loadFeature } from '../loading/load-feature';
import { contextFromMeta } from './traceparent';

/**
 * One span per round, just inside the request-state stage (so the flow mark is already opened). All rounds of a
 * flow share its id; later rounds are children of the caller's `traceparent` when it sends one, else of the
 * first round's span, and always link to that first span. A round that asks leaves the mark to seal.
 */
export const roundTraceStage: CallStage = {
  name: 'round-trace',
  async run(call, next) {
    const telemetry = call.tools.telemetry;
    if (telemetry === undefined) return next();
    const { context, SpanKind, SpanStatusCode, trace } = loadFeature('openTelemetry');
    const { ctx } = call;
    const incoming = ctx.flow.incoming;
    const round = incoming?.round ?? 1;
    const flowId = incoming?.id ?? bytesToBase64url(globalThis.crypto.getRandomValues(new Uint8Array(12)));
    const first = incoming?.trace !== undefined ? spanContextOf(incoming.trace) : undefined;
    const active = context.active();
    const parent =
      contextFromMeta(ctx.sdk.mcpReq._meta, active) ??
      (first !== undefined ? trace.setSpanContext(active, first) : active);
    const links: Link[] = first !== undefined ? [{ context: first, attributes: { 'tessera.link': 'flow_start' } }] : [];
    const attributes: Attributes = {
      [A.Method]: ctx.method,
      [A.Target]: ctx.target,
      [A.FlowId]: flowId,
      [A.Round]: round,
    };
    const span = telemetry.tracer.startSpan(
      `${ctx.method} ${ctx.target}`,
      { kind: SpanKind.SERVER, links, attributes },
      parent,
    );
    let outcome: RoundOutcome = 'internal_error';
    try {
      const result = await context.with(trace.setSpan(parent, span), next);
      if (isInputRequiredResult(result)) {
        outcome = 'input_required';
        span.setAttribute(A.QuestionKeys, Object.keys(result.inputRequests ?? {}));
        ctx.flow.outgoing = { id: flowId, round: round + 1, trace: incoming?.trace ?? markTrace(span.spanContext()) };
      } else {
        outcome = (result as { isError?: unknown } | null)?.isError === true ? 'tool_error' : 'complete';
      }
      return result;
    } catch (error) {
      outcome = outcomeOfError(error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      // the error's class only: its message may quote arguments or answers
      span.setAttribute(A.ErrorType, (error as Error | null)?.constructor?.name ?? typeof error);
      throw error;
    } finally {
      span.setAttribute(A.Outcome, outcome);
      span.end();
      record(telemetry, ctx, round, outcome);
    }
  },
  describe: ({ tools }) => (tools.telemetry !== undefined ? ['round span (OpenTelemetry)'] : []),
  isIdle: ({ tools }) => tools.telemetry === undefined,
};

function record(telemetry: FlowTelemetry, ctx: ExecutionContext, round: number, outcome: RoundOutcome): void {
  const attributes = { [A.Method]: ctx.method, [A.Target]: ctx.target, [A.Outcome]: outcome };
  telemetry.rounds.add(1, attributes);
  if (outcome !== 'input_required') telemetry.flowRounds.record(round, attributes);
}
