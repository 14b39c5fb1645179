import { InvalidSignatureError } from '../errors/definition/invalid-signature.error';
import { compileDtoModel } from './dto-model';
import type { Class } from '../types/class';

/**
 * A DTO whose properties carry neither `@Field` nor a class-validator decorator has no properties Tessera can
 * see (plain TypeScript properties leave nothing at run time): as arguments it would refuse every field, as a
 * question an empty form. Refused at definition time, naming the class and where it is used.
 */
export function assertDtoHasFields(cls: Class, usedAs: string): void {
  if (compileDtoModel(cls).properties.length > 0) return;
  throw new InvalidSignatureError(
    `${usedAs}: DTO class ${cls.name} has no properties Tessera can see. Decorate each property with @Field() ` +
      'or a class-validator decorator (@IsString(), ...): a property with neither leaves nothing at run time.',
  );
}
