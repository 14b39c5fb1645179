import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** A DTO cannot be turned into a JSON Schema (or prompt arguments); thrown when the DTO is first compiled. */
export class UnsupportedSchemaError extends TesseraError {
  declare readonly code: typeof TesseraErrorCode.UnsupportedSchema;

  constructor(
    /** `Class.property` (or `Class` for the class as a whole). */
    readonly where: string,
    readonly reason: string,
  ) {
    super(TesseraErrorCode.UnsupportedSchema, `${where}: ${reason}`);
  }
}
