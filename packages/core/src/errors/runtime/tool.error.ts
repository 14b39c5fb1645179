import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/**
 * An expected failure the client should see: a tool answers an `isError` result with this message;
 * a prompt or resource answers a JSON-RPC error (-32603) with it. Anything else thrown is masked.
 */
export class ToolError extends TesseraError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(TesseraErrorCode.ToolError, message, options);
  }
}
