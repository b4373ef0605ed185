import { HttpError } from 'pagelope/kit';
import type { SqlColumn } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';
import type { WriteErrorTable } from './to-write-error';

/** What {@link nameForeignKey} reads of the table: its errors' table, and each field's column. */
export interface ForeignKeyTable extends WriteErrorTable {
  readonly columns: ReadonlyMap<string, SqlColumn>;
}

/**
 * For a foreign-key 409 that names no field (SQLite's `FOREIGN KEY constraint failed`), the same 409 naming the
 * fields of the first key of the table whose values in `values` (a record written, by field) name no row of the table
 * it refers to (`authorId: refers to a record that does not exist`), read on `on` with the dialect's
 * `foreignKeyList`; else `error` as it is.
 */
export async function nameForeignKey(
  on: SqlRunner,
  error: unknown,
  values: Readonly<Record<string, unknown>>,
  table: ForeignKeyTable,
): Promise<unknown> {
  const { dialect } = table;
  if (!(error instanceof HttpError) || dialect.foreignKeyList === undefined) return error;
  const violation = dialect.constraintViolation(error.cause);
  if (violation?.kind !== 'foreign-key' || violation.columns !== undefined) return error;
  const keys = new Map<unknown, { parent: string; pairs: [string, string][] }>();
  for (const row of await on.all(dialect.foreignKeyList, [table.tableName])) {
    const key = keys.get(row['id']) ?? { parent: String(row['parent']), pairs: [] };
    keys.set(row['id'], key);
    if (typeof row['to'] === 'string') key.pairs.push([String(row['from']), row['to']]);
  }
  const q = dialect.quoteIdentifier;
  for (const { parent, pairs } of keys.values()) {
    const fields = pairs.map(([from]) => table.fieldOf(from));
    if (pairs.length === 0 || fields.some((field) => field === undefined || values[field] == null)) continue;
    const bound = pairs.map(([, to], i) => {
      const field = fields[i] as string;
      const column = table.columns.get(field);
      return [`${q(to)} = ${dialect.placeholder(i + 1)}`, column ? column.toDriver(values[field]) : values[field]];
    });
    const found = await on.all(
      `SELECT 1 AS ${q('one')} FROM ${q(parent)} WHERE ${bound.map(([test]) => test).join(' AND ')}`,
      bound.map(([, value]) => value),
    );
    if (found.length === 0) {
      return new HttpError(409, [`${fields.join(', ')}: refers to a record that does not exist`], {
        cause: error.cause,
      });
    }
  }
  return error;
}
