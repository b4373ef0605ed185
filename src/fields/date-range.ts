import type { FieldDef } from './introspect-fields';

/** The years a date field holds, as a PostgreSQL `date` or `timestamptz` column and ISO 8601's four digits do. */
const DATE_YEARS = Object.freeze({ min: 1, max: 9999 });

/** The reason given for a date outside {@link DATE_YEARS}. */
export const DATE_RANGE_REASON = 'must be a date in the years 0001 to 9999';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a valid `Date` falls in the years 0001 to 9999 (UTC). */
export function isDateInRange(value: Date): boolean {
  const year = value.getUTCFullYear();
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
}

/** Whether year-month-day names a real day (`2024-02-30` does not), any year. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Whether `text` is a calendar date `YYYY-MM-DD` of the years 0001 to 9999 that names a real day.
 *
 * @example
 * isCalendarDateText('2024-02-29'); // true
 * isCalendarDateText('0000-01-01'); // false
 */
export function isCalendarDateText(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= DATE_YEARS.min && isCalendarDay(year, Number(match[2]), Number(match[3]));
}

/**
 * Why a parsed body value of a date field cannot be stored ({@link DATE_RANGE_REASON}), or `undefined` when it can
 * (or the field is no date field): a `Date` outside the years 0001-9999, or an `isoDate` text of year 0000.
 */
export function dateRangeProblem(def: FieldDef | undefined, value: unknown): string | undefined {
  if (def?.kind === 'date' && value instanceof Date && !Number.isNaN(value.getTime()) && !isDateInRange(value))
    return DATE_RANGE_REASON;
  // The field's schema (`z.iso.date()`) checks the form and the day; it takes year 0000, which no column holds.
  if (def?.kind === 'isoDate' && typeof value === 'string' && value.startsWith('0000-')) return DATE_RANGE_REASON;
  return undefined;
}
