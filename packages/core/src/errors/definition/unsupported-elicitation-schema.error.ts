import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** A DTO or raw schema cannot be sent as a flat elicitation `requestedSchema`; thrown at definition time. */
export class UnsupportedElicitationSchemaError extends TesseraError {
  declare readonly code: typeof TesseraErrorCode.UnsupportedElicitationSchema;

  constructor(
    /** `Class.property`, or the caller's label plus the property for a raw schema. */
    readonly where: string,
    readonly reason: string,
  ) {
    super(TesseraErrorCode.UnsupportedElicitationSchema, `${where} cannot be elicited: ${reason}`);
  }
}
