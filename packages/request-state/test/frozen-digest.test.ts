import { argumentsDigest } from '../src/binding/arguments-digest';

// canonical-json keeps the text of deeply frozen values (a compiled DTO's question schema, digested every
// flow leg); anything that can still change must be read afresh every time.

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const schema = () => ({
  type: 'object',
  properties: { region: { type: 'string', enum: ['eu', 'us'] } },
  required: ['region'],
});

describe('digests of frozen values', () => {
  test('a deeply frozen value digests as its unfrozen copy, every time', async () => {
    const frozen = deepFreeze(schema());
    const expected = argumentsDigest({ requestedSchema: schema() });
    expect(argumentsDigest({ requestedSchema: frozen })).toBe(expected);
    expect(argumentsDigest({ requestedSchema: frozen })).toBe(expected);
  });

  test('a frozen value with a part that can still change is read afresh', async () => {
    const enumValues = ['eu', 'us'];
    const shallow = Object.freeze({
      type: 'object',
      properties: Object.freeze({ region: Object.freeze({ type: 'string', enum: enumValues }) }),
    });
    const before = argumentsDigest({ requestedSchema: shallow });
    enumValues.push('ap');
    const after = argumentsDigest({ requestedSchema: shallow });
    expect(after).not.toBe(before);
    expect(after).toBe(
      argumentsDigest({
        requestedSchema: { type: 'object', properties: { region: { type: 'string', enum: ['eu', 'us', 'ap'] } } },
      }),
    );
  });
});
