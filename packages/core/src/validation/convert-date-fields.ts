import { compileDtoModel, type DtoModel } from '../schema/dto-model';
import { isJsonObject } from '../types/json-object';
import { parseDateTime } from './date-time';

/**
 * Gives each `Date` property of the instance about to be validated the Date its RFC 3339 string names, at every
 * depth (nested DTOs, arrays of them, arrays of dates), so validators such as `@IsDate()` or `@MinDate()` and then
 * the method see a Date. A value that is not such a string is left as it is: `schemaShapeIssues` refuses it.
 * Arrays are replaced, not written into: the input's own arrays stay as the client sent them.
 */
export function convertDateFields(model: DtoModel, value: object): void {
  const target = value as Record<string, unknown>;
  for (const property of model.properties) {
    const v = target[property.name];
    if (v === undefined || v === null) continue;
    if (property.date) {
      target[property.name] = Array.isArray(v) ? v.map((item) => parseDateTime(item) ?? item) : (parseDateTime(v) ?? v);
      continue;
    }
    if (!property.nested) continue;
    const nested = compileDtoModel(property.nested);
    if (!nested.hasDates) continue;
    if (Array.isArray(v)) {
      for (const item of v) if (isJsonObject(item)) convertDateFields(nested, item);
    } else if (isJsonObject(v)) convertDateFields(nested, v);
  }
}
