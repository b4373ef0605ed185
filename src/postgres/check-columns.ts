import type { FieldDef } from 'pagelope/kit';

/** What {@link checkColumns} compares: the quoted table, the resource's fields and the column of each. */
export interface CheckColumnsOptions {
  /** The quoted table, as the repository names it in its statements. */
  readonly table: string;
  readonly fields: ReadonlyMap<string, FieldDef>;
  /** Column name by field (a field absent here is stored in the column of its own name). */
  readonly columns: ReadonlyMap<string, string>;
}

/**
 * Checks that every field of the resource has its column among the table's columns as the catalog lists them: a
 * field without one would make every statement naming it fail (`column "version" does not exist`), a 500 per
 * request, so it is a start-up error instead.
 *
 * @throws Error naming each field without a column, its column and the table.
 * @example
 * checkColumns(new Map([['id', column]]), { table: '"books"', fields: books.fields, columns: new Map() });
 * // Error: pagelope/postgres: the table "books" has no column for the field "title" (column "title")
 */
export function checkColumns(read: ReadonlyMap<string, unknown>, options: CheckColumnsOptions): void {
  const missing: string[] = [];
  for (const field of options.fields.keys()) {
    const column = options.columns.get(field) ?? field;
    if (!read.has(column)) missing.push(`the field "${field}" (column "${column}")`);
  }
  if (missing.length === 0) return;
  throw new Error(`pagelope/postgres: the table ${options.table} has no column for ${missing.join(', ')}`);
}
