import type { LogFields } from './logger';

// Keys whose values are secrets wherever they appear: tokens, keys, sealed state, argument values.
const SENSITIVE =
  /token|secret|password|passwd|authorization|cookie|key|requeststate|credential|arguments|args|content/i;

/** Copies `fields`, replacing values of sensitive keys (at any depth) with `[redacted]`. */
export function redact(
  fields: LogFields | undefined,
  extraSensitive: ReadonlySet<string> = new Set(),
): LogFields | undefined {
  if (!fields) return undefined;
  return walk(fields, extraSensitive, 0) as LogFields;
}

const MAX_DEPTH = 6;

function walk(value: unknown, extra: ReadonlySet<string>, depth: number): unknown {
  if (typeof value === 'bigint') return value.toString(); // JSON.stringify would throw on it
  if (value === null || typeof value !== 'object') return value;
  // Cut, never copied raw: a raw subtree would skip redaction (and could be cyclic).
  if (depth > MAX_DEPTH) return '[truncated]';
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((v) => walk(v, extra, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE.test(k) || extra.has(k) ? '[redacted]' : walk(v, extra, depth + 1);
  }
  return out;
}
