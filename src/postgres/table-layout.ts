import { quoteIdentifier } from './quote-identifier';
import type { SqlType } from './sql-types';
import type { TableShape } from './table-catalog';

/** How a repository reads and names the columns of its table, once its {@link TableShape} is known. */
export interface TableLayout {
  /** The select list of these fields (every field without a list), each read under its field name. */
  selectOf(fields?: readonly string[]): string;
  /**
   * The quoted column of a field for WHERE and ORDER BY: bare (`"created_at"`), or qualified by the table
   * (`"books"."created_at"`) where a bare name would be taken for an output column of the select list (another
   * field's name, or a column read through an expression such as a `date` column's `to_char`).
   */
  column(field: string): string;
}

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
 * The {@link TableLayout} of a quoted `table` whose fields are on `columns` (field → column name), of `shape`. With
 * `qualified`, every column is qualified by the table (a statement that joins another table, whose columns could
 * have the same names).
 */
export function createTableLayout(
  table: string,
  columns: ReadonlyMap<string, string>,
  shape: TableShape,
  qualified = false,
): TableLayout {
  const items = new Map<string, string>();
  const refs = new Map<string, string>();
  const plain = new Set<string>();
  for (const [field, name] of columns) {
    const column = qualified ? `${table}.${quoteIdentifier(name)}` : quoteIdentifier(name);
    const read = readExpression(column, shape.types.get(field));
    if (read === column && name === field) plain.add(field);
    items.set(field, read === column && name === field ? column : `${read} AS ${quoteIdentifier(field)}`);
  }
  for (const [field, name] of columns) {
    // An output column named as this column, that is not this very column read as it is, would shadow it.
    const shadowed = qualified || (columns.has(name) && !(name === field && plain.has(field)));
    refs.set(field, shadowed ? `${table}.${quoteIdentifier(name)}` : quoteIdentifier(name));
  }
  const all = [...items.values()].join(', ');
  return Object.freeze({
    selectOf: (fields?: readonly string[]) =>
      fields ? fields.map((field) => items.get(field) ?? quoteIdentifier(field)).join(', ') : all,
    column: (field: string) => refs.get(field) ?? quoteIdentifier(field),
  });
}
