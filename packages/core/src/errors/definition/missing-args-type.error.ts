import { TesseraErrorCode } from '../codes';
import { TesseraError } from '../tessera-error';
import { reflectedTypeStory } from './reflected-type';

/**
 * `@Args()` on a parameter whose reflected type is not a DTO class: an erased type-only import (`Function`), an
 * interface, union or `any` (`Object`), or a primitive (`String`, ...), named as reflection saw it.
 */
export class MissingArgsTypeError extends TesseraError {
  constructor(where: string, index: number, seen: unknown = Object) {
    super(
      TesseraErrorCode.MissingArgsType,
      `Cannot tell the arguments type of ${where}, parameter #${index}: ${reflectedTypeStory(seen)}. ${remedy(seen)}`,
    );
  }
}

function remedy(seen: unknown): string {
  if (seen === Function)
    return 'Import the DTO class as a value (`import { MyArgs } from ...`), or name it: @Args(() => MyArgs).';
  if (seen === Object || seen === undefined)
    return 'Declare it as a DTO class, or pass it explicitly: @Args(() => MyArgs).';
  return (
    '@Args() receives the whole arguments object, so its type is a DTO class with one decorated property per ' +
    'argument: class MyArgs { @Field() @IsString() name!: string }, then @Args() args: MyArgs (or @Args(() => MyArgs)).'
  );
}
