import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

export class DuplicateCoreInstanceError extends TesseraError {
  constructor() {
    super(
      TesseraErrorCode.DuplicateCoreInstance,
      'Two copies of @tessera/core are loaded in this process; decorators of one are invisible to the other. ' +
        'Deduplicate the dependency (npm ls @tessera/core).',
    );
  }
}
