import type { ConstraintWrite } from './constraint-error';
import type { SqlDialect } from './sql-dialect';

/** A row as a statement returns it, or a record as the repository holds it: values by name. */
export type SqlRow = Record<string, unknown>;

/** Runs one statement with its bind values and resolves its rows (none for a statement without a result). */
export type SqlRun = (text: string, values: readonly unknown[]) => Promise<readonly SqlRow[]>;

/**
 * What the write statements of the SQL engine need of a dialect beyond its identifiers: which statements end with
 * `RETURNING <columns>` (without it the repository reads the rows back in the write's transaction), how many bind
 * parameters one statement may hold, and whether a row of `VALUES` may hold `DEFAULT`.
 */
export interface SqlWriteDialect extends Pick<SqlDialect, 'name' | 'quoteIdentifier'> {
  readonly returning: { readonly insert: boolean; readonly update: boolean; readonly delete: boolean };
  readonly maxParameters: number;
  /**
   * Whether `DEFAULT` may stand for a value (PostgreSQL): in a row of a multi-row `VALUES`, one statement then lists
   * every column any record gives; in `SET`, a replace then fills a column the database fills. Absent: the records are
   * inserted in one statement per set of columns given, and a replace keeps the stored value of such a column.
   */
  readonly valuesDefault?: boolean | undefined;
  /**
   * What ends the read of a record that a write then changes in the same transaction, so that the read locks the row
   * (`FOR UPDATE` on MariaDB: InnoDB's plain reads see the transaction's snapshot, so two writes would read one
   * version and the second overwrite the first). Absent: a plain read (SQLite writes one transaction at a time).
   */
  readonly lockRead?: string | undefined;
  /**
   * The clause that makes an INSERT skip a row whose id (of the quoted `idColumn`) is stored already (`ON CONFLICT
   * ("id") DO NOTHING` on PostgreSQL), so that a single create tells a duplicate id by the row it does not return,
   * rather than by an error that would end the caller's transaction. Absent: the unique violation tells it.
   */
  skipStoredId?(idColumn: string): string;
}

/** The write a statement was part of, as the error mapping of a repository reads it. */
export interface SqlWrite extends ConstraintWrite {
  /** The values written, by field (to find a value too long or out of range for its column). */
  readonly record?: Readonly<SqlRow> | undefined;
  /** The field of each bind parameter by its number (from 1). */
  readonly paramFields?: ReadonlyMap<number, string> | undefined;
  /** The index of the batch item written (`items[56]`), when the statement wrote one item of a batch. */
  readonly item?: number | undefined;
}
