import { checkTableColumns } from '../sql/index';

/**
 * A check, for a repository's first call and `ready()`, that every field of a resource has its column in the table
 * the database holds (the Drizzle table may declare a column the database lacks: a migration not run, a column
 * renamed): a field without one would make every statement naming it fail, a 500 per request. `readColumns` lists
 * the table's column names; a failed read is not kept (the next call reads again), nor is a mismatch, so a migration
 * run while the process is up is seen; once every column is found the check resolves at once. The check itself is the
 * SQL engine's `checkTableColumns`.
 *
 * @param columns - the SQL column of each field, by field.
 * @returns a function that resolves when every column is there, and rejects with an Error naming the table, each
 *   field without its column and that column, or with the read's own error.
 * @example
 * ```ts
 * const check = createColumnCheck('books', new Map([['version', 'c_version']]), readColumns);
 * await check(); // Error: pagelope/drizzle: the table "books" has no column for the field "version" (column "c_version")
 * ```
 */
export function createColumnCheck(
  table: string,
  columns: ReadonlyMap<string, string>,
  readColumns: () => Promise<readonly string[]>,
): () => Promise<void> {
  let checked: Promise<void> | undefined;
  return () => {
    checked ??= (async () => {
      checkTableColumns('pagelope/drizzle', `"${table}"`, columns, new Set(await readColumns()));
    })().catch((error: unknown) => {
      checked = undefined;
      throw error;
    });
    return checked;
  };
}
