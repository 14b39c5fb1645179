import type { InputRequiredResult } from '@modelcontextprotocol/client';
import { describeCall, type McpCall } from '../flow/mcp-call';
import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** The server still answered `input_required` after `maxRounds` retries. */
export class InputRequiredRoundsExceededError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InputRequiredRoundsExceeded;

  constructor(
    readonly call: McpCall,
    readonly rounds: number,
    readonly maxRounds: number,
    /** The last `input_required` answer, so a caller can inspect it or resume by hand. */
    readonly lastResult: InputRequiredResult,
  ) {
    super(
      TesseraClientErrorCode.InputRequiredRoundsExceeded,
      `${describeCall(call)} still required input after ${rounds} rounds (maxRounds = ${maxRounds}). ` +
        'Raise maxRounds, or drive the flow yourself with { allowInputRequired: true } (manual mode).',
    );
  }
}
