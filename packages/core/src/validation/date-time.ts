import type * as CV from 'class-validator';
import { onFirstUse } from '../metadata/class-validator-api';

const isRFC3339 = onFirstUse<typeof CV.isRFC3339>('isRFC3339');

/**
 * The Date an RFC 3339 date-time string names (`2026-07-28T09:30:00Z`, `2026-07-28T11:30:00.250+02:00`), what
 * a `Date` property's `format: date-time` promises; undefined for anything else, a day the month does not have
 * (`2026-02-30`, which Date would roll over into March) included.
 */
export function parseDateTime(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !isRFC3339(value)) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? date : undefined;
}

/** What a refused `Date` property's issue says. */
export function dateTimeMessage(name: string): string {
  return `${name} must be an RFC 3339 date-time string, such as 2026-07-28T09:30:00Z`;
}
