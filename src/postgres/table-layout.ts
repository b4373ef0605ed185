import { createTableLayout as createSqlTableLayout, type SqlTableLayout } from '../sql/index';
import { quoteIdentifier } from './quote-identifier';
import type { SqlType } from './sql-types';
import type { TableShape } from './table-catalog';

/** How a repository reads and names the columns of its table, once its {@link TableShape} is known. */
export type TableLayout = SqlTableLayout;

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

/**
 * The SQL engine's layout (`createTableLayout`) of a quoted `table` whose fields are on `columns` (field → column
 * name), of `shape`, its columns read with {@link readExpression}. With `qualified`, every column is qualified by the
 * table (a statement that joins another table, whose columns could have the same names).
 */
export function createTableLayout(
  table: string,
  columns: ReadonlyMap<string, string>,
  shape: TableShape,
  qualified = false,
): TableLayout {
  const read = (column: string, field: string) => readExpression(column, shape.types.get(field));
  return createSqlTableLayout(table, columns, { quoteIdentifier, readExpression: read, qualified });
}
