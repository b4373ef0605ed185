import type { SqlType } from './sql-types';

const UUID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;
const INTEGER_TEXT = /^-?[0-9]{1,20}$/;
const DECIMAL_TEXT = /^-?[0-9]{1,131072}(\.[0-9]{1,16383})?$/;
const ISO_DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

const INTEGER_RANGES: Readonly<Record<string, readonly [bigint, bigint]>> = {
  smallint: [-32768n, 32767n],
  integer: [-2147483648n, 2147483647n],
  bigint: [-9223372036854775808n, 9223372036854775807n],
};

/**
 * Why a column of `type` cannot hold `value` (a filter value, a cursor value or an id, as the query model holds it),
 * or `undefined` when it can: a NUL character in any text, a uuid that is not one, an integer out of its column's
 * range or not whole, a non-finite number, a date outside the years 0001-9999.
 */
export function sqlValueProblem(type: SqlType, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.includes('\u0000')) return 'must not contain a NUL character';
  const range = Object.hasOwn(INTEGER_RANGES, type) ? INTEGER_RANGES[type] : undefined;
  if (range) return integerProblem(value, range);
  switch (type) {
    case 'uuid':
      return typeof value === 'string' && UUID.test(value) ? undefined : 'must be a uuid';
    case 'numeric':
      if (typeof value === 'string') return DECIMAL_TEXT.test(value) ? undefined : 'must be a number';
      return finiteProblem(value);
    case 'real':
      return finiteProblem(value) ?? (Math.abs(value as number) > 3.4e38 ? 'is out of range' : undefined);
    case 'double precision':
      return finiteProblem(value);
    case 'date':
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return dateProblem(value);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    default:
      return undefined;
  }
}

function integerProblem(value: unknown, [min, max]: readonly [bigint, bigint]): string | undefined {
  let whole: bigint;
  if (typeof value === 'number' && Number.isInteger(value)) whole = BigInt(value);
  else if (typeof value === 'string' && INTEGER_TEXT.test(value)) whole = BigInt(value);
  else return 'must be an integer';
  return whole < min || whole > max ? `must be an integer from ${min} to ${max}` : undefined;
}

function finiteProblem(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a finite number';
}

function dateProblem(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    return match && isCalendarDate(match) ? undefined : 'must be a date (YYYY-MM-DD) from 0001-01-01 to 9999-12-31';
  }
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return 'must be a date';
  const year = value.getUTCFullYear();
  return year < 1 || year > 9999 ? 'must be a date from the year 0001 to 9999' : undefined;
}

function isCalendarDate([, y, m, d]: RegExpExecArray): boolean {
  const year = Number(y);
  const date = new Date(Date.UTC(2000, Number(m) - 1, Number(d)));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/**
 * A value as it is bound for a column of `type`, the same whatever the process's time zone: a `Date` is its ISO
 * instant (`toISOString()`), except on a `date` column (see {@link toCalendarDate}); anything else as it is.
 */
export function toSqlParam(type: SqlType, value: unknown): unknown {
  if (type === 'date') return toCalendarDate(value);
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * THE calendar-date branch: the value bound for a `date` column. A `'YYYY-MM-DD'` string (a calendar-date field)
 * is bound as it is; a `Date` is bound as its UTC calendar day, so `2000-01-05T00:00:00Z` is `2000-01-05` in any
 * time zone. Reads go the other way in `select-list.ts` (`to_char(column, 'YYYY-MM-DD')`) and the row mapper.
 */
function toCalendarDate(value: unknown): unknown {
  return value instanceof Date ? value.toISOString().slice(0, 10) : value;
}
