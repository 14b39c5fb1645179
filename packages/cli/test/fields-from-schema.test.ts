import { fieldsFromSchema } from '../src/form/fields-from-schema';
import { FormSchemaError } from '../src/errors/form-schema-error';
import { fieldMessage } from '../src/form/field-message';

const everyKind = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', description: 'Who you are', minLength: 2, maxLength: 20, default: 'Ada' },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
    ratio: { type: 'number', default: 0.5 },
    agree: { type: 'boolean', default: true },
    size: { type: 'string', enum: ['s', 'm', 'l'], enumNames: ['Small', 'Medium', 'Large'], default: 'm' },
    region: {
      type: 'string',
      oneOf: [
        { const: 'eu', title: 'Europe' },
        { const: 'us', title: 'Americas' },
      ],
    },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1, maxItems: 2, default: ['a'] },
    zones: { type: 'array', items: { anyOf: [{ const: 'z1', title: 'Zone one' }] } },
  },
  required: ['name', 'age', 'size'],
};

describe('fieldsFromSchema (elicitation schema -> questions)', () => {
  it('maps every field kind in the server order, with titles, descriptions, defaults and required', () => {
    const fields = fieldsFromSchema(everyKind);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['name', 'string', true],
      ['email', 'string', false],
      ['age', 'integer', true],
      ['ratio', 'number', false],
      ['agree', 'boolean', false],
      ['size', 'enum', true],
      ['region', 'enum', false],
      ['tags', 'multi', false],
      ['zones', 'multi', false],
    ]);
    expect(fields[0]).toMatchObject({
      label: 'Name',
      description: 'Who you are',
      minLength: 2,
      maxLength: 20,
      default: 'Ada',
    });
    expect(fields[1]).toMatchObject({ label: 'email', format: 'email' });
    expect(fields[2]).toMatchObject({ minimum: 0, maximum: 150 });
    expect(fields[3]).toMatchObject({ default: 0.5 });
    expect(fields[4]).toMatchObject({ default: true });
    expect(fields[5]).toMatchObject({
      default: 'm',
      choices: [
        { value: 's', title: 'Small' },
        { value: 'm', title: 'Medium' },
        { value: 'l', title: 'Large' },
      ],
    });
    expect(fields[6]).toMatchObject({
      choices: [
        { value: 'eu', title: 'Europe' },
        { value: 'us', title: 'Americas' },
      ],
    });
    expect(fields[7]).toMatchObject({
      minItems: 1,
      maxItems: 2,
      default: ['a'],
      choices: [
        { value: 'a', title: 'a' },
        { value: 'b', title: 'b' },
      ],
    });
    expect(fields[8]).toMatchObject({ choices: [{ value: 'z1', title: 'Zone one' }] });
  });

  it('an enum without a type is a single select', () => {
    expect(fieldsFromSchema({ type: 'object', properties: { c: { enum: ['x'] } } })[0]).toMatchObject({ kind: 'enum' });
  });

  it('shows title, hints and description in the question line', () => {
    const [name, email, age] = fieldsFromSchema(everyKind);
    expect(fieldMessage(name!)).toBe('Name - Who you are');
    expect(fieldMessage(email!)).toBe('email [email, optional]');
    expect(fieldMessage(age!)).toBe('Age [whole number, 0-150]');
  });

  it.each([
    [{ type: 'object', properties: { o: { type: 'object' } } }, 'field "o" cannot be asked: type "object"'],
    [
      { type: 'object', properties: { d: { type: 'string', format: 'ipv4' } } },
      'field "d" cannot be asked: format "ipv4" is unknown',
    ],
    [
      { type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } },
      'field "a" cannot be asked: an array field must list its options',
    ],
    [
      { type: 'object', properties: { e: { type: 'string', enum: [1] } } },
      'field "e" cannot be asked: option 1 is not a string',
    ],
    [
      { type: 'object', properties: { e: { type: 'string', enum: [] } } },
      'field "e" cannot be asked: it offers no options',
    ],
    [{ type: 'object' }, 'no "properties" object'],
  ])('refuses a schema it cannot ask, naming the field: %j', (schema, message) => {
    expect(() => fieldsFromSchema(schema)).toThrow(FormSchemaError);
    expect(() => fieldsFromSchema(schema)).toThrow(message);
  });
});
