import { compileDtoModel, type DtoModel } from '../schema/dto-model';
import { isJsonObject } from '../types/json-object';
import { parseDateTime } from './date-time';

/**
 * Gives each `Date` property of the instance about to be validated the Date its RFC 3339 string in the input
 * names, at every depth (nested DTOs, arrays of them, arrays of dates), so validators such as `@IsDate()` or
 * `@MinDate()` and then the method see a Date. Read from the input, not the instance: class-transformer's
 * `@Type(() => Date)` would have made a Date of any text `new Date` takes (`2026-07-28`, `Tuesday`). Anything
 * else is put back as the input gave it, for `schemaShapeIssues` to refuse. Arrays are replaced, not written
 * into: the input's own arrays stay as the client sent them.
 */
export function convertDateFields(model: DtoModel, instance: object, input: object): void {
  const target = instance as Record<string, unknown>;
  const source = input as Record<string, unknown>;
  for (const property of model.properties) {
    const raw = source[property.name];
    if (raw === undefined || raw === null) continue;
    if (property.date) {
      target[property.name] = Array.isArray(raw)
        ? raw.map((item: unknown) => parseDateTime(item) ?? item)
        : (parseDateTime(raw) ?? raw);
      continue;
    }
    if (!property.nested) continue;
    const nested = compileDtoModel(property.nested);
    if (!nested.hasDates) continue;
    const built = target[property.name];
    if (Array.isArray(raw) && Array.isArray(built)) {
      raw.forEach((item, i) => {
        if (isJsonObject(item) && isJsonObject(built[i])) convertDateFields(nested, built[i] as object, item);
      });
    } else if (isJsonObject(raw) && isJsonObject(built)) convertDateFields(nested, built, raw);
  }
}
