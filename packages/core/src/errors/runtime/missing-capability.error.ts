import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** The call must ask the client for something its capabilities (for this request) do not allow: JSON-RPC -32021. */
export class MissingCapabilityError extends TesseraError {
  readonly data: { requiredCapabilities: ClientCapabilities };

  constructor(message: string, requiredCapabilities: ClientCapabilities) {
    super(TesseraErrorCode.MissingCapability, message);
    this.data = { requiredCapabilities };
  }
}
