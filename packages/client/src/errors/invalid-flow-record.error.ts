import { TesseraClientErrorCode } from './codes';
import { TesseraClientError } from './tessera-client-error';

/** A flow record handed to `resume`/`parseFlowRecord` does not have the documented shape. */
export class InvalidFlowRecordError extends TesseraClientError {
  declare readonly code: typeof TesseraClientErrorCode.InvalidFlowRecord;

  constructor(detail: string) {
    super(TesseraClientErrorCode.InvalidFlowRecord, `Invalid flow record: ${detail}.`);
  }
}
