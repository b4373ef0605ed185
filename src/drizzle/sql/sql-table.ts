import type { Resource } from 'pagelope/kit';
import {
  compileOrder,
  type SqlByValuesSource,
  type SqlRecordRunner,
  type SqlTableSource,
  type SqlWrite,
} from '../../sql/index';
import { compileSqlWhere } from './compile-sql-where';
import type { SqlRepositoryOptions } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';
import { SqlStatement } from './sql-statement';
import { createTableParts } from './sql-table-parts';
import { toSqlWriteError } from './to-write-error';

/** A record as the repository holds it: field values by field name. */
export type Row = Record<string, unknown>;

/** The statements of one table, each run on the runner given (the database's, or a transaction's). */
export interface SqlTable {
  /**
   * The table as the SQL engine's single-record reads and writes read it: a scope SQL cannot say exactly (a
   * case-insensitive operator, no folding function on the statement) is tested on the record read.
   */
  readonly record: SqlTableSource;
  /** The table as the SQL engine's by-value readers read it on `on`, text folded by `on`'s lower function. */
  byValues(on: SqlRunner): SqlByValuesSource;
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
  /** A write's `error` as the repository answers it (see `toSqlWriteError`), keys read on `on`. */
  writeError(on: SqlRunner, error: unknown, write: SqlWrite): Promise<unknown>;
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
  const { q, name, idColumn, selectList, column, fresh, run, toRecord, errorTable } = parts;

  const runner = (on: SqlRunner): SqlRecordRunner => ({
    run: (text, values, write) =>
      on.all(text, values).catch(async (error: unknown) => {
        throw write ? await toSqlWriteError(on, error, write, errorTable) : error;
      }),
    transaction: (work) => on.transaction((tx) => work(runner(tx).run)),
  });

  /** The table's record source, each statement one `statementOf` makes. */
  const recordOf = (statementOf: () => SqlStatement): SqlTableSource => ({
    resource,
    dialect,
    table: name,
    column: (field) => q(column(field).name),
    filledByDatabase: new Set(options.databaseDefaults),
    statement() {
      const statement = statementOf();
      return {
        bind: (field, value) => statement.bind(field, value),
        add: (value) => statement.add(value),
        values: statement.values,
        select: selectList,
        column: (field) => statement.column(field),
        where: (groups) => compileSqlWhere(groups, statement),
        order: (order) => compileOrder(order, statement),
      };
    },
    toRecord,
  });
  const statementOn = (on: SqlRunner) => new SqlStatement(dialect, columns, on.lowerFunction);

  return Object.freeze({
    record: recordOf(fresh),
    byValues: (on: SqlRunner): SqlByValuesSource => ({
      ...recordOf(() => statementOn(on)),
      read: (text, values) => on.all(text, values),
    }),
    runner,
    all: (on: SqlRunner) => run(on, `SELECT ${selectList} FROM ${name}`, []),
    statement: statementOn,
    dialect,
    name,
    idColumn,
    selectList,
    toRecord,
    writeError: (on: SqlRunner, error: unknown, write: SqlWrite) => toSqlWriteError(on, error, write, errorTable),
  });
}
