import { issue } from './issue';
import type { ValidationIssue } from './validation-issue';

// Keys that would reach an object's prototype when class-transformer assigns them; dropped at every depth.
const DANGEROUS_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 64;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'a non-plain object' : `a ${typeof value}`;
}

// What `clean` answers, all the way up, for input nested deeper than MAX_DEPTH: a value, not an error, since it
// never leaves this file (it becomes a validation issue).
const TOO_DEEP: unique symbol = Symbol('too deep');

/** Copies only where a dangerous key has to go; untouched branches are returned as they are. */
function clean(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = clean(value[i], depth + 1);
      if (item === TOO_DEEP) return TOO_DEEP;
      if (item !== value[i]) (copy ??= value.slice())[i] = item;
    }
    return copy ?? value;
  }
  // Spread defines own properties (it never sets a prototype), so deleting the key afterwards is safe.
  let copy: Record<string, unknown> | undefined;
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    if (DANGEROUS_KEYS.has(key)) {
      copy ??= { ...source };
      delete copy[key];
      continue;
    }
    const child = clean(source[key], depth + 1);
    if (child === TOO_DEEP) return TOO_DEEP;
    if (child !== source[key]) (copy ??= { ...source })[key] = child;
  }
  return copy ?? value;
}

/**
 * Guards the input of a DTO validation: `undefined` counts as `{}` (a call without arguments); anything but
 * a plain object is refused; `__proto__`, `constructor` and `prototype` keys are dropped at every depth.
 */
export function toPlainInput(
  input: unknown,
  what: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; issue: ValidationIssue } {
  if (input === undefined) return { ok: true, value: {} };
  if (!isPlainObject(input)) {
    return { ok: false, issue: issue('', { isObject: `${what} must be an object, got ${describe(input)}` }) };
  }
  const value = clean(input, 0);
  if (value === TOO_DEEP) {
    return {
      ok: false,
      issue: issue('', { maxDepth: `${what} must not be nested more than ${MAX_DEPTH} levels deep` }),
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
