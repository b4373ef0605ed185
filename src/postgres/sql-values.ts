import { columnValueProblem } from '../sql/index';
import { columnKindOf, type SqlType } from './sql-types';

/**
 * Why a column of `type` cannot hold `value` (a filter value, a cursor value or an id, as the query model holds it),
 * or `undefined` when it can: the SQL engine's check of the type's kind (see `columnValueProblem`): a NUL character
 * in any text, a uuid that is not one, an integer out of its column's range or not whole, a non-finite number, a date
 * outside the years 0001-9999.
 */
export function sqlValueProblem(type: SqlType, value: unknown): string | undefined {
  return columnValueProblem(columnKindOf(type), value);
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
