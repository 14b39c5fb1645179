import { isPlainObject } from './plain-object';

/**
 * `JSON.stringify` of the SDK's 2026-07-28 encoding of the usual input-required result of a `tools/call`,
 * written directly: a plain object whose own keys are among `resultType` (`input_required`),
 * `inputRequests` and `requestState` (a string JSON writes as it is), with no `_meta` of its own, so that
 * the SDK's encode adds nothing but the server's identity at the end. The SDK's encode copied the result
 * three times (spreads) before JSON.stringify walked the copy; a first leg's answer cost several
 * microseconds that way. `stampJson` is the `_meta` the encode adds, as JSON. Undefined for anything else,
 * or anything a `toJSON` could change: the caller then encodes and stringifies it. Held to the SDK's
 * encode and JSON.stringify by a seeded differential fuzz test (input-required-json.fuzz.test.ts).
 */
export function inputRequiredJson(result: unknown, stampJson: string): string | undefined {
  if (!isPlainObject(result) || 'toJSON' in result || inheritedToJson()) return undefined;
  let json = '';
  let typed = false;
  for (const key of Object.keys(result)) {
    const value = result[key];
    // the encode sets `_meta` where the key already is, and stamps a `resultType` it finds undefined
    if (key === '_meta' || (key === 'resultType' && value === undefined)) return undefined;
    // a member JSON.stringify leaves out
    if (value === undefined) continue;
    typed ||= key === 'resultType';
    const written =
      key === 'resultType'
        ? value === 'input_required'
          ? '"input_required"'
          : undefined
        : key === 'requestState'
          ? typeof value === 'string' && VERBATIM.test(value)
            ? `"${value}"`
            : undefined
          : key === 'inputRequests'
            ? membersJson(value, 0)
            : undefined;
    if (written === undefined) return undefined;
    json += `${json === '' ? '{' : ','}"${key}":${written}`;
  }
  return typed ? `${json},"_meta":${stampJson}}` : undefined;
}

// Printable ASCII but the quote and the backslash: JSON.stringify writes such a string as it is, quoted.
const VERBATIM = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

// Deeper than this is left to JSON.stringify (a cycle among them, which it refuses with its own error).
const MAX_DEPTH = 32;

/** An object's members as JSON.stringify writes them, or undefined for what this writer leaves to it. */
function membersJson(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null || 'toJSON' in value || depth > MAX_DEPTH) return undefined;
  const frozen = FROZEN.get(value);
  if (frozen !== undefined) return frozen;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return undefined;
    let json = '[';
    for (let i = 0; i < value.length; i++) {
      const item = itemJson(value[i], depth + 1);
      if (item === undefined) return undefined;
      json += i === 0 ? item : `,${item}`;
    }
    return remembered(value, `${json}]`);
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return undefined;
  let json = '';
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const member = record[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    const written = itemJson(member, depth + 1);
    if (written === undefined) return undefined;
    json += `${json === '' ? '{' : ','}${stringJson(key)}:${written}`;
  }
  return remembered(value, json === '' ? '{}' : `${json}}`);
}

/** An array item or a member's value as JSON.stringify writes it (an array's hole or function is null). */
function itemJson(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      return stringJson(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return value === null ? 'null' : membersJson(value, depth);
    case 'undefined':
    case 'function':
    case 'symbol':
      return 'null';
    default:
      return undefined; // a bigint: JSON.stringify throws, and the caller's does
  }
}

function stringJson(text: string): string {
  return VERBATIM.test(text) ? `"${text}"` : JSON.stringify(text);
}

// A deeply frozen object of data properties cannot change, so its JSON is kept: every question of a flow
// carries its compiled schema (deeply frozen, the same object on every leg).
const FROZEN = new WeakMap<object, string>();

function remembered(value: object, json: string): string {
  if (deeplyFrozen(value)) FROZEN.set(value, json);
  return json;
}

/**
 * Frozen, with data members only, each object among them kept already (written first: an object among
 * them that is not kept is not deeply frozen).
 */
function deeplyFrozen(value: object): boolean {
  if (!Object.isFrozen(value)) return false;
  for (const key of Object.keys(value)) {
    const member = Object.getOwnPropertyDescriptor(value, key)!;
    if (!('value' in member)) return false;
    const item: unknown = member.value;
    if (typeof item === 'object' && item !== null && !FROZEN.has(item)) return false;
  }
  return true;
}

/** A `toJSON` every plain object or array inherits would change what JSON.stringify writes for each. */
function inheritedToJson(): boolean {
  return 'toJSON' in Object.prototype || 'toJSON' in Array.prototype;
}
