import { TesseraErrorCode } from '../errors/codes';
import { TesseraError } from '../errors/tessera-error';
import type { RoundOutcome } from './telemetry-names';

/**
 * The outcome a failed round is counted under, from what it threw: the expected refusals (a `ToolError`,
 * invalid arguments, a guard, a declined or cancelled question, a missing client capability) each have their
 * name, so `internal_error` counts only what nobody meant to throw.
 */
export function outcomeOfError(error: unknown): RoundOutcome {
  if (TesseraError.isInstance(error)) {
    switch (error.code) {
      case TesseraErrorCode.ToolError:
        return 'tool_error';
      case TesseraErrorCode.ArgumentValidation:
        return 'invalid_arguments';
      case TesseraErrorCode.Forbidden:
        return 'forbidden';
      case TesseraErrorCode.MissingCapability:
        return 'missing_capability';
      case TesseraErrorCode.ElicitationDeclined:
        return (error as TesseraError & { action?: unknown }).action === 'cancel' ? 'cancelled' : 'declined';
    }
  }
  return 'internal_error';
}
