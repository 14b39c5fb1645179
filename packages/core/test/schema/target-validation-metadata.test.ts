import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { targetValidationMetadatas } from '../../src/schema/target-validation-metadata';

// The prototype-chain lookup against class-validator's own scan of every class: the same metadata
// objects, in the same order, for classes with and without ancestors, overrides, groups and `always`.
const theirs = (cls: Function) => getMetadataStorage().getTargetValidationMetadatas(cls, '', false, false);

class Base {
  @IsString() @MinLength(2) name!: string;
  @IsInt({ groups: ['admin'] }) level!: number;
  @IsOptional({ always: true }) @IsString() note?: string;
}
class Middle extends Base {
  @IsString() @MinLength(5) declare name: string; // same property and type: the base's are dropped
  @Min(0) @Max(9) rank!: number;
}
class NoOwnMetadata extends Middle {}
class Leaf extends NoOwnMetadata {
  @IsInt() declare rank: number;
}
class Unrelated {
  @IsString() label!: string;
}
class Plain {}
const mixin = <T extends new (...args: any[]) => object>(B: T) => {
  class Mixed extends B {
    @IsString() extra!: string;
  }
  return Mixed;
};
const Mixed = mixin(Leaf);

describe('targetValidationMetadatas', () => {
  it.each([Base, Middle, NoOwnMetadata, Leaf, Unrelated, Plain, Mixed])(
    'gives class-validator’s own list for %p',
    (cls) => {
      const ours = targetValidationMetadatas(cls);
      const expected = theirs(cls);
      expect(ours.length).toBe(expected.length);
      ours.forEach((m, i) => expect(m).toBe(expected[i])); // the same objects, in the same order
    },
  );

  it('sees a class defined after an earlier lookup (the index follows the store)', () => {
    targetValidationMetadatas(Base);
    class Later extends Middle {
      @IsString() late!: string;
    }
    expect(targetValidationMetadatas(Later)).toEqual(theirs(Later));
    expect(targetValidationMetadatas(Later).map((m) => m.propertyName)).toContain('late');
  });

  it('hands a class with its own instanceof back to class-validator', () => {
    class Odd {
      static [Symbol.hasInstance]() {
        return false;
      }
      @IsString() odd!: string;
    }
    class Child extends Odd {
      @IsInt() n!: number;
    }
    for (const cls of [Odd, Child, Leaf]) expect(targetValidationMetadatas(cls)).toEqual(theirs(cls));
  });
});
