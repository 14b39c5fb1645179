// The names of what telemetry reports, apart from the telemetry itself: the package entry exports them, and
// an app with telemetry off loads only this file of it.

/** The instrument scope name every Tessera span and metric is reported under. */
export const TELEMETRY_SCOPE = '@tessera/core';

/** Attribute names on round spans and metrics. Question keys are reported; answers never are. */
export const TelemetryAttribute = {
  Method: 'mcp.method.name',
  Target: 'tessera.target',
  FlowId: 'tessera.flow.id',
  Round: 'tessera.flow.round',
  QuestionKeys: 'tessera.question.keys',
  Outcome: 'tessera.outcome',
  RefusalReason: 'tessera.request_state.refusal_reason',
  ErrorType: 'error.type',
} as const;

/**
 * How a round ended: asked again (`input_required`), completed (`complete`), or failed: a `ToolError` thrown or
 * an `{ isError: true }` returned (`tool_error`), arguments refused (`invalid_arguments`: by validation, or
 * before dispatch, arguments or answers malformed or over the request limits), a guard refused
 * (`forbidden`), the client lacks a capability a question needs (`missing_capability`), the user declined or
 * cancelled a question the method needed (`declined`, `cancelled`), an incoming state refused (`refused_state`),
 * anything else, a crash (`internal_error`).
 */
export type RoundOutcome =
  | 'input_required'
  | 'complete'
  | 'tool_error'
  | 'invalid_arguments'
  | 'forbidden'
  | 'missing_capability'
  | 'declined'
  | 'cancelled'
  | 'refused_state'
  | 'internal_error';
