import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

export class DuplicateCoreInstanceError extends TesseraError {
  constructor(loadedFormat: number, thisFormat: number) {
    super(
      TesseraErrorCode.DuplicateCoreInstance,
      `Two incompatible copies of @tessera/core are loaded in this process (metadata format ${loadedFormat} and ${thisFormat}); ` +
        'decorators of one would be invisible to the other. Deduplicate the dependency (npm ls @tessera/core).',
    );
  }
}
