import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** A decorator was placed where it cannot work (a static method, a class where a method is needed, ...). */
export class InvalidDecoratorUseError extends TesseraError {
  constructor(message: string) {
    super(TesseraErrorCode.InvalidDecoratorUse, message);
  }
}
