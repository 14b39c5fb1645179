import { oneOfProblem, optionsProblem, unknownOptionKey } from '@tessera/common';

const KNOWN = { alpha: true, beta: true } as const;

test('an unknown key is named with the known ones; a key left undefined is let be', () => {
  expect(optionsProblem({ alpha: 1, gamma: 2 }, KNOWN, 'thing')).toBe(
    'thing: "gamma" is not an option; known: alpha, beta.',
  );
  expect(optionsProblem({ alpha: 1, gamma: undefined }, KNOWN, 'thing')).toBeUndefined();
  expect(unknownOptionKey({ toString: 1 }, KNOWN)).toBe('toString');
  expect(unknownOptionKey({}, KNOWN)).toBeUndefined();
});

test('what is not an options object is refused saying what it is', () => {
  expect(optionsProblem(null, KNOWN, 'thing')).toBe('thing must be an object, got null.');
  expect(optionsProblem([], KNOWN, 'thing')).toBe('thing must be an object, got an array.');
  expect(optionsProblem('x', KNOWN, 'thing')).toBe('thing must be an object, got "x".');
});

test('a value outside its choices is refused listing them', () => {
  expect(oneOfProblem('sometimes', ['optional', 'required'], 'task')).toBe(
    'task must be one of "optional", "required", got "sometimes".',
  );
  expect(oneOfProblem('required', ['optional', 'required'], 'task')).toBeUndefined();
});
