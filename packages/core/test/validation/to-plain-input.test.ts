import { toPlainInput } from '../../src/validation/to-plain-input';

describe('toPlainInput', () => {
  it('drops __proto__, constructor and prototype keys at every depth, without touching the input', () => {
    const input = JSON.parse(
      '{"a":1,"__proto__":{"x":1},"list":[{"constructor":{"prototype":{}},"b":2}],"n":{"prototype":1,"c":3}}',
    );
    const result = toPlainInput(input, 'arguments');
    expect(result).toEqual({ ok: true, value: { a: 1, list: [{ b: 2 }], n: { c: 3 } } });
    if (!result.ok) return;
    expect(Object.keys(result.value)).toEqual(['a', 'list', 'n']);
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
    expect(Object.keys(input)).toEqual(['a', '__proto__', 'list', 'n']);
  });

  it('returns clean input as it is (no copy)', () => {
    const input = { a: 1, b: { c: [1, { d: 2 }] } };
    const result = toPlainInput(input, 'arguments');
    expect(result.ok && result.value).toBe(input);
  });

  it('accepts null-prototype objects', () => {
    const input = Object.assign(Object.create(null), { a: 1 });
    expect(toPlainInput(input, 'content').ok).toBe(true);
  });
});
