import { compileDtoModel, type DtoModel } from '../schema/dto-model';
import { admitsNull, expectedKind } from '../schema/nullable';
import { issue } from './issue';
import type { ValidationIssue } from './validation-issue';
import { isJsonObject } from '../types/json-object';
import { dateTimeMessage, parseDateTime } from './date-time';

/**
 * What the generated schema promises that class-validator does not check by itself: a required property is
 * present (`@ValidateNested` and `@Allow`/`@Field` skip `undefined`), an array property holds an array
 * (`{ each: true }` and `@ValidateNested` also take a lone value) and a nested DTO holds an object, not an array.
 * Walks nested DTOs (and arrays of them) at every depth. An optional property's `null` is refused unless its
 * schema admits null (`@Field({ nullable: true })`): `@IsOptional()` lets null through class-validator, but the
 * schema only allows leaving the property out. A required property's null is left to its own validators. A
 * `Date` property (advertised as `format: date-time`) holds a valid Date or an RFC 3339 date-time string.
 */
export function schemaShapeIssues(
  model: DtoModel,
  value: object,
  parent = '',
  into: ValidationIssue[] = [],
): ValidationIssue[] {
  for (const property of model.properties) {
    const { name, nested } = property;
    const path = parent ? `${parent}.${name}` : name;
    const v = (value as Record<string, unknown>)[name];
    if (v === undefined) {
      if (property.required) into.push(issue(path, { isDefined: `${name} is required` }));
      continue;
    }
    if (v === null) {
      if (!property.required && !admitsNull(property.schema))
        into.push(issue(path, { isNotNull: `${name} must be ${expectedKind(property.schema)} or left out, not null` }));
      continue;
    }
    if (property.schema.type === 'array') {
      if (!Array.isArray(v)) into.push(issue(path, { isArray: `${name} must be an array` }));
      else if (property.date)
        v.forEach((item, i) => isDateTime(item) || into.push(dateTimeIssue(`${path}.${i}`, `${name}.${i}`)));
      else if (nested)
        v.forEach(
          (item, i) => isJsonObject(item) && schemaShapeIssues(compileDtoModel(nested), item, `${path}.${i}`, into),
        );
      continue;
    }
    if (property.date) {
      if (!isDateTime(v)) into.push(dateTimeIssue(path, name));
      continue;
    }
    if (!nested) continue;
    if (Array.isArray(v)) into.push(issue(path, { isObject: `${name} must be an object` }));
    else if (isJsonObject(v)) schemaShapeIssues(compileDtoModel(nested), v, path, into);
  }
  return into;
}

/** A valid Date (converted from its string by prepareInstance, or an output's own) or an RFC 3339 string. */
function isDateTime(value: unknown): boolean {
  return value instanceof Date ? !Number.isNaN(value.getTime()) : parseDateTime(value) !== undefined;
}

function dateTimeIssue(path: string, name: string): ValidationIssue {
  return issue(path, { isDateTime: dateTimeMessage(name) });
}
