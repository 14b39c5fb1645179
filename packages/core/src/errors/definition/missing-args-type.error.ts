import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** `@Args()` on a parameter whose type reflection cannot see (an interface, a union, `any`). */
export class MissingArgsTypeError extends TesseraError {
  constructor(where: string, index: number) {
    super(
      TesseraErrorCode.MissingArgsType,
      `Cannot tell the arguments type of ${where}, parameter #${index}: reflection sees an interface, union or any. ` +
        'Declare it as a DTO class, or pass it explicitly: @Args(() => MyArgs).',
    );
  }
}
