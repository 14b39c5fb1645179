import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';

/** A handler returned `InputRequiredResult` without declaring `returnsInputRequired`, or while using dependency parameters. */
export class UndeclaredInputRequiredError extends TesseraError {
  constructor(where: string, usesDependencies: boolean, staticResource = false) {
    super(
      TesseraErrorCode.UndeclaredInputRequired,
      staticResource
        ? `${where} returned an InputRequiredResult, but a static resource cannot ask the user: make it a resource template.`
        : usesDependencies
          ? `${where} returned an InputRequiredResult but uses dependency parameters (@Elicit/@Sample/@ListRoots): ` +
            'the multi-round flow is driven either by the parameters or by the method body, not both.'
          : `${where} returned an InputRequiredResult without declaring it: add returnsInputRequired: true to its decorator.`,
    );
  }
}
