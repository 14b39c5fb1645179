/**
 * The names class-validator stores on the metadata of the built-in decorators schema building reads (its
 * exported constants, by the same names), kept here so that building a schema loads none of class-validator.
 * test/schema/constraint-names.test.ts holds each to class-validator's own constant.
 */
export const ARRAY_MAX_SIZE = 'arrayMaxSize';
export const ARRAY_MIN_SIZE = 'arrayMinSize';
export const ARRAY_NOT_EMPTY = 'arrayNotEmpty';
export const ARRAY_UNIQUE = 'arrayUnique';
export const EQUALS = 'equals';
export const IS_ARRAY = 'isArray';
export const IS_BOOLEAN = 'isBoolean';
export const IS_DATE = 'isDate';
export const IS_DATE_STRING = 'isDateString';
export const IS_EMAIL = 'isEmail';
export const IS_ENUM = 'isEnum';
export const IS_IN = 'isIn';
export const IS_INT = 'isInt';
export const IS_ISO8601 = 'isIso8601';
export const IS_LENGTH = 'isLength';
export const IS_NEGATIVE = 'isNegative';
export const IS_NOT_EMPTY = 'isNotEmpty';
export const IS_NOT_EMPTY_OBJECT = 'isNotEmptyObject';
export const IS_NUMBER = 'isNumber';
export const IS_OBJECT = 'isObject';
export const IS_POSITIVE = 'isPositive';
export const IS_STRING = 'isString';
export const IS_URL = 'isUrl';
export const IS_UUID = 'isUuid';
export const MATCHES = 'matches';
export const MAX = 'max';
export const MAX_LENGTH = 'maxLength';
export const MIN = 'min';
export const MIN_LENGTH = 'minLength';
