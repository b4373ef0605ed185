import type { RecordId, Resource } from 'pagelope/kit';
import type { SqlRecordRunner, SqlRecordSource } from '../../sql/index';
import { compileSqlWhere } from './compile-sql-where';
import type { SqlRepositoryOptions } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';
import { SqlStatement } from './sql-statement';
import { createTableParts, insertRecords } from './sql-table-parts';
import { toSqlWriteError, toTableItemError } from './to-write-error';

/** A record as the repository holds it: field values by field name. */
export type Row = Record<string, unknown>;

/** The statements of one table, each run on the runner given (the database's, or a transaction's). */
export interface SqlTable {
  /**
   * The table as the SQL engine's single-record reads and writes read it: a scope SQL cannot say exactly (a
   * case-insensitive operator, no folding function on the statement) is tested on the record read.
   */
  readonly record: SqlRecordSource;
  /** `on` as the single-record reads and writes run their statements: a write's error as the repository answers it. */
  runner(on: SqlRunner): SqlRecordRunner;
  /** Every record of the table. */
  all(on: SqlRunner): Promise<Row[]>;
  /** A statement to write on this table's columns, its text folded by `on`'s lower function. */
  statement(on: SqlRunner): SqlStatement;
  readonly dialect: SqlRepositoryOptions['dialect'];
  /** The quoted table, its quoted id column, and every field's column read under the field's name. */
  readonly name: string;
  readonly idColumn: string;
  readonly selectList: string;
  /** A row read under the fields' names as the record holds it (see `SqlTableParts.toRecord`). */
  toRecord(row: Readonly<Row>): Row;
  /** Inserts `records` (one multi-row INSERT per set of columns given) and returns them as stored, in their order. */
  insert(on: SqlRunner, records: readonly Row[]): Promise<Row[]>;
  /** `error` of a write as the batch item at index `item` answers it (`items[56].authorId: ...`). */
  itemError(error: unknown, item: number): unknown;
  /** Deletes the records with these ids and returns them (in no particular order); `id` names the call in errors. */
  remove(on: SqlRunner, ids: readonly RecordId[], id: unknown): Promise<Row[]>;
}

/**
 * The statements of the table of `options` for `resource`: each field read under its own name (`"c_title" AS
 * "title"`), values bound through each column's `toDriver` and read back through its `fromDriver`, a NULL read as an
 * absent field unless the field's schema accepts null, and constraint errors turned into 4xx answers.
 *
 * @throws TypeError when a field of the resource has no column in `options.columns`.
 */
export function createSqlTable(resource: Resource, options: SqlRepositoryOptions): SqlTable {
  const parts = createTableParts(resource, options);
  const { dialect, columns } = options;
  const { q, name, idColumn, selectList, column, fresh, run, byIds, inIds, toRecord, errorTable } = parts;

  const runner = (on: SqlRunner): SqlRecordRunner => ({
    run: (text, values, write) =>
      on.all(text, values).catch(async (error: unknown) => {
        throw write ? await toSqlWriteError(on, error, write, errorTable) : error;
      }),
    transaction: (work) => on.transaction((tx) => work(runner(tx).run)),
  });

  const record: SqlRecordSource = {
    resource,
    dialect,
    table: name,
    column: (field) => q(column(field).name),
    filledByDatabase: new Set(options.databaseDefaults),
    statement() {
      const statement = fresh();
      return {
        bind: (field, value) => statement.bind(field, value),
        values: statement.values,
        select: selectList,
        where: (groups) => compileSqlWhere(groups, statement),
      };
    },
    toRecord,
  };

  return Object.freeze({
    record,
    runner,
    all: (on: SqlRunner) => run(on, `SELECT ${selectList} FROM ${name}`, []),
    statement: (on: SqlRunner) => new SqlStatement(dialect, columns, on.lowerFunction),
    dialect,
    name,
    idColumn,
    selectList,
    toRecord,
    insert: (on: SqlRunner, records: readonly Row[]) => insertRecords(parts, on, records),
    itemError: (error: unknown, item: number) => toTableItemError(error, item, errorTable),
    async remove(on: SqlRunner, ids: readonly RecordId[], id: unknown) {
      // Without RETURNING the caller's transaction reads the rows before it deletes them.
      const before = dialect.returning.delete ? undefined : await byIds(on, ids);
      const statement = fresh();
      const where = inIds(statement, ids);
      const returning = before ? '' : ` RETURNING ${selectList}`;
      const rows = await run(on, `DELETE FROM ${name} WHERE ${where}${returning}`, statement.values, {
        operation: 'delete',
        id,
      });
      return before ?? rows;
    },
  });
}
