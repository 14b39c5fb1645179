import { measureParsedValue } from '../../src/limits/measure-parsed-value';

/** The request limits' measure of a parsed value: keys and array items in all, the deepest level, a cut-off. */
const value = { a: 1, b: [1, { c: [] }, 'x'], d: { e: { f: null } } };

it('counts every key and array item, and the deepest level (the value is level 1)', () => {
  // keys a, b, d, c, e, f; items: b's three; levels: value 1, b and d 2, b's object and e 3, c's array 4
  expect(measureParsedValue(value, 10)).toEqual({ keys: 6, items: 3, deepest: 4 });
  expect(measureParsedValue([], 1)).toEqual({ keys: 0, items: 0, deepest: 1 });
});

it('is undefined as soon as a level past maxDepth is reached, and measures a value exactly that deep', () => {
  expect(measureParsedValue(value, 4)).toEqual({ keys: 6, items: 3, deepest: 4 });
  expect(measureParsedValue(value, 3)).toBeUndefined();
});

it('does not enter the skipped object, but counts the key that holds it', () => {
  const skipped = { x: { y: { z: 1 } } };
  expect(measureParsedValue({ args: skipped, id: 1 }, 2, skipped)).toEqual({ keys: 2, items: 0, deepest: 1 });
});

it('measures a value deeper than the stack would allow a recursive walk', () => {
  let deep: unknown[] = [];
  for (let i = 0; i < 100_000; i++) deep = [deep];
  expect(measureParsedValue(deep, 200_000)).toEqual({ keys: 0, items: 100_000, deepest: 100_001 });
});
