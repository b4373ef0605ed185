import type { SqlType } from './sql-types';

/**
 * The expression a column of `type` is read with, so that nothing read depends on the process's time zone: a
 * `date` column as `'YYYY-MM-DD'` text (the driver would make a local-midnight `Date` of it; the row mapper makes a
 * date field's value 00:00 UTC of that day, and a calendar-date field keeps the text), a `timestamp without time
 * zone` as the UTC instant it is taken for. Every other column as it is.
 */
export function readExpression(column: string, type: SqlType | undefined): string {
  if (type === 'date') return `to_char(${column}, 'YYYY-MM-DD')`;
  if (type === 'timestamp without time zone') return `(${column} AT TIME ZONE 'UTC')`;
  return column;
}
