import type { StateCarryingMethod } from '@tessera/common';
import { ProtocolError, type CallToolResult } from '@modelcontextprotocol/server';
import { invalidRequestStateJsonRpcError, isInvalidRequestStateError } from '@tessera/request-state/framework';
import { TesseraErrorCode } from '../errors/codes';
import { maskInternalError } from '../errors/masked-internal-error';
import { TesseraError } from '../errors/tessera-error';
import type { Logger } from '../logging/logger';
import { JsonRpcCode } from '../errors/json-rpc-codes';

export interface ErrorSite {
  method: StateCarryingMethod;
  target: string;
  logger: Logger;
}

/**
 * The built-in last filter. Tools answer expected failures as `isError` results (the model can read and
 * recover); prompts and resources answer JSON-RPC errors. Anything unexpected is masked behind a
 * reference that matches the server log line holding the real error.
 */
export function mapError(error: unknown, site: ErrorSite): CallToolResult {
  if (error instanceof ProtocolError || ProtocolError.isInstance(error)) throw error;
  if (isInvalidRequestStateError(error)) {
    // the brand, not instanceof: a second loaded copy still maps
    const detail = error.detail === undefined ? {} : { detail: error.detail }; // a codec's own reason, token cut out
    site.logger.warn('requestState refused', {
      method: site.method,
      target: site.target,
      reason: error.reason,
      ...detail,
    });
    const e = invalidRequestStateJsonRpcError();
    throw new ProtocolError(e.code, e.message, e.data);
  }
  if (TesseraError.isInstance(error)) {
    switch (error.code) {
      case TesseraErrorCode.ArgumentValidation:
        if (site.method === 'tools/call') return toolError(error.message);
        throw new ProtocolError(JsonRpcCode.InvalidParams, error.message);
      case TesseraErrorCode.Forbidden:
        site.logger.info('call refused by a guard', { method: site.method, target: site.target });
        if (site.method === 'tools/call') return toolError(error.message);
        throw new ProtocolError(JsonRpcCode.Forbidden, error.message);
      case TesseraErrorCode.ElicitationDeclined:
        site.logger.info('the user declined a question the method needs answered', {
          method: site.method,
          target: site.target,
          question: (error as TesseraError & { key?: unknown }).key,
          hint: (error as TesseraError & { hint?: unknown }).hint,
        });
        if (site.method === 'tools/call') return toolError(error.message);
        throw new ProtocolError(JsonRpcCode.InternalError, error.message);
      case TesseraErrorCode.ToolError:
      case TesseraErrorCode.InvalidInputResponse:
      case TesseraErrorCode.UndeclaredInputRequired:
        if (site.method === 'tools/call') return toolError(error.message);
        throw new ProtocolError(JsonRpcCode.InternalError, error.message);
      case TesseraErrorCode.MissingCapability:
        throw new ProtocolError(
          JsonRpcCode.MissingRequiredClientCapability,
          error.message,
          (error as TesseraError & { data?: unknown }).data,
        );
      default:
        break;
    }
  }
  const message = maskInternalError(site.logger, 'handler failed', { method: site.method, target: site.target, error });
  if (site.method === 'tools/call') return toolError(message);
  throw new ProtocolError(JsonRpcCode.InternalError, message);
}

function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}
