import { Field } from '../../src/decorators/field.decorator';
import { getFieldMetadata } from '../../src/schema/field.metadata';

// `@Field` records: a class of one field keeps that record alone (no Map of one for the app's life), a second field
// turns it into a Map; either way a read gives every field in declaration order, a redeclared property's last
// record in its first place, and a subclass's record over its parent's.

const described = (cls: Function) =>
  [...getFieldMetadata(cls as new () => object)].map(([name, meta]) => [name, meta.propertyName, meta.description]);

describe('@Field records', () => {
  test('one field, then a second and a redeclared first: declaration order, the last record of each', () => {
    class Dto {
      a!: string;
      b!: string;
    }
    Field({ description: 'a1' })(Dto.prototype, 'a');
    expect(described(Dto)).toEqual([['a', 'a', 'a1']]);
    Field({ description: 'a2' })(Dto.prototype, 'a');
    expect(described(Dto)).toEqual([['a', 'a', 'a2']]);
    Field({ description: 'b1' })(Dto.prototype, 'b');
    Field({ description: 'a3' })(Dto.prototype, 'a');
    expect(described(Dto)).toEqual([
      ['a', 'a', 'a3'],
      ['b', 'b', 'b1'],
    ]);
  });

  test("a subclass's fields follow its parents', and its record of a property replaces the parent's in place", () => {
    class Parent {
      a!: string;
    }
    Field({ description: 'parent a' })(Parent.prototype, 'a');
    class Child extends Parent {
      c!: string;
    }
    Field({ description: 'child c' })(Child.prototype, 'c');
    Field({ description: 'child a' })(Child.prototype, 'a');
    expect(described(Child)).toEqual([
      ['a', 'a', 'child a'],
      ['c', 'c', 'child c'],
    ]);
    expect(described(Parent)).toEqual([['a', 'a', 'parent a']]);
    class Bare {}
    expect(described(Bare)).toEqual([]);
  });

  test('a class of one field keeps its record alone: each read makes its Map afresh, a class of two keeps one', () => {
    class One {
      a!: string;
    }
    Field()(One.prototype, 'a');
    // a Map kept per class (about 180 bytes of heap a one-argument tool) would be the same object on every read
    expect(getFieldMetadata(One)).not.toBe(getFieldMetadata(One));
    class Two {
      a!: string;
      b!: string;
    }
    Field()(Two.prototype, 'a');
    Field()(Two.prototype, 'b');
    expect(getFieldMetadata(Two)).toBe(getFieldMetadata(Two));
  });
});
