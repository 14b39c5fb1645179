/**
 * The class-validator constraints a compiled check (compiled-check.ts) may run outside class-validator's
 * executor: built-in, synchronous and stateless (each `validate` reads only its value and the decorator's
 * own constraints), so one instance serves every call. The differential test
 * (test/validation/compiled-check.fuzz.test.ts) puts every one of them on random inputs against
 * class-validator. A DTO using any other constraint is validated by class-validator alone.
 */
export const KNOWN_CONSTRAINTS: ReadonlySet<string> = new Set([
  'isDefined',
  'isString',
  'isIn',
  'isNotIn',
  'isInt',
  'isNumber',
  'isBoolean',
  'isEnum',
  'isArray',
  'isObject',
  'isNotEmpty',
  'min',
  'max',
  'isPositive',
  'minLength',
  'maxLength',
  'isLength',
  'matches',
  'isEmail',
  'isUrl',
  'isUuid',
  'isDateString',
  'arrayMinSize',
  'arrayMaxSize',
  'arrayNotEmpty',
]);
