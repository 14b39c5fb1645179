import type { LogFields } from './logger';

// Keys whose values are secrets wherever they appear: tokens, keys, sealed state, argument values.
const SENSITIVE = /token|secret|password|passwd|authorization|cookie|key|requeststate|credential|arguments|args|content/i;

/** Copies `fields`, replacing values of sensitive keys (at any depth) with `[redacted]`. */
export function redact(fields: LogFields | undefined, extraSensitive: ReadonlySet<string> = new Set()): LogFields | undefined {
  if (!fields) return undefined;
  return walk(fields, extraSensitive, 0) as LogFields;
}

function walk(value: unknown, extra: ReadonlySet<string>, depth: number): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((v) => walk(v, extra, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE.test(k) || extra.has(k) ? '[redacted]' : walk(v, extra, depth + 1);
  }
  return out;
}
