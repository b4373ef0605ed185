/**
 * Checks that the column of every field is among the columns the table has, as the database lists them: a field
 * without one would make every statement naming it fail (`column "version" does not exist`), a 500 per request, so
 * it is a start-up error instead (`pagelope/postgres` reads its catalog, `pagelope/drizzle` the table's columns).
 *
 * @param adapter - the package the message is from (`'pagelope/postgres'`).
 * @param table - the table as the message names it (quoted).
 * @param columns - the column of each field, by field.
 * @param found - the columns the table has.
 * @throws Error naming the table, each field without its column and that column.
 * @example
 * checkTableColumns('pagelope/postgres', '"books"', new Map([['title', 'title']]), new Set(['id']));
 * // Error: pagelope/postgres: the table "books" has no column for the field "title" (column "title")
 */
export function checkTableColumns(
  adapter: string,
  table: string,
  columns: Iterable<readonly [string, string]>,
  found: { has(column: string): boolean },
): void {
  const missing: string[] = [];
  for (const [field, column] of columns) {
    if (!found.has(column)) missing.push(`the field "${field}" (column "${column}")`);
  }
  if (missing.length > 0) throw new Error(`${adapter}: the table ${table} has no column for ${missing.join(', ')}`);
}
