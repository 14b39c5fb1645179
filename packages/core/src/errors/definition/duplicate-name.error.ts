import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** Two handlers claim one wire name (tool, prompt, resource URI or template). */
export class DuplicateNameError extends TesseraError {
  constructor(kind: string, name: string, first: string, second: string) {
    super(
      TesseraErrorCode.DuplicateName,
      `Duplicate ${kind} "${name}": declared by ${first} and by ${second}. Rename one (name option) or use a provider prefix.`,
    );
  }
}
