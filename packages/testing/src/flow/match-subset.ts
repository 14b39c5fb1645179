/**
 * Compares `actual` with an expected pattern: objects match when every expected key matches (extra actual keys
 * are fine), arrays must have the same length and matching items, a RegExp tests a string, anything else is
 * compared with Object.is. Returns the first difference as `path: expected X, got Y`, or undefined.
 */
export function subsetDifference(actual: unknown, expected: unknown, path = ''): string | undefined {
  if (expected instanceof RegExp) {
    return typeof actual === 'string' && expected.test(actual) ? undefined : differ(path, String(expected), actual);
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return differ(path, show(expected), actual);
    for (let i = 0; i < expected.length; i++) {
      const difference = subsetDifference(actual[i], expected[i], `${path}[${i}]`);
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
      return differ(path, show(expected), actual);
    for (const [key, value] of Object.entries(expected)) {
      const difference = subsetDifference(
        (actual as Record<string, unknown>)[key],
        value,
        path === '' ? key : `${path}.${key}`,
      );
      if (difference !== undefined) return difference;
    }
    return undefined;
  }
  return Object.is(actual, expected) ? undefined : differ(path, show(expected), actual);
}

function differ(path: string, expected: string, actual: unknown): string {
  return `${path === '' ? '' : `${path}: `}expected ${expected}, got ${actual === undefined ? 'nothing' : show(actual)}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}
