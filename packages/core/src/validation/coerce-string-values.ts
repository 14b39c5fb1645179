import type { DtoModel } from '../schema/dto-model';

function coerce(type: unknown, value: string): unknown {
  if (type === 'number' || type === 'integer') {
    const n = value.trim() === '' ? NaN : Number(value);
    return Number.isFinite(n) ? n : value;
  }
  if (type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

/**
 * Prompt arguments and URI template variables arrive as strings: turns `"3"` into `3` and `"true"` into `true`
 * for number, integer and boolean properties. Unlike class-transformer's `enableImplicitConversion`, a value
 * that is not a number (`"abc"`, `""`) or not exactly `true`/`false` stays a string, so validation names it
 * (class-transformer would turn `"false"` into `true` and `""` into `0`).
 */
export function coerceStringValues(model: DtoModel, plain: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const property of model.properties) {
    if (!Object.hasOwn(plain, property.name)) continue;
    const value = plain[property.name];
    if (typeof value !== 'string') continue;
    const coerced = coerce(property.schema.type, value);
    if (coerced !== value) (copy ??= { ...plain })[property.name] = coerced;
  }
  return copy ?? plain;
}
