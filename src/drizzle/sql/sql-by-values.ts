import type { ByValuesOptions, RecordId, Repository, Resource } from 'pagelope/kit';
import { compileOrder, countByValues, readByValues, type SqlByValuesSource } from '../../sql/index';
import { compileSqlWhere } from './compile-sql-where';
import type { SqlRunner } from './sql-runner';
import type { Row, SqlTable } from './sql-table';

/** The most values one statement binds for `field IN (...)`. */
const CHUNK = 1000;

/**
 * `listByValues` and `countByValues` of a SQL repository: the SQL engine's by-value readers over `table`, one
 * statement per chunk of {@link CHUNK} values (`field IN (...)`, one placeholder each), a scope SQL cannot say
 * exactly tested in JavaScript on the records read.
 */
export function createSqlByValues(
  resource: Resource,
  table: SqlTable,
  runner: SqlRunner,
): Required<Pick<Repository<Row>, 'listByValues' | 'countByValues'>> {
  const source: SqlByValuesSource = {
    resource,
    dialect: table.dialect,
    table: table.name,
    select: table.selectList,
    chunk: CHUNK,
    statement() {
      const statement = table.statement(runner);
      return {
        values: statement.values,
        add: (value) => statement.add(value),
        column: (field) => statement.column(field),
        list: (field, values) => ({ items: values.map((value) => statement.bind(field, value)) }),
        where: (groups) => compileSqlWhere(groups, statement),
        order: (order) => compileOrder(order, statement),
      };
    },
    read: (text, values) => runner.all(text, values),
    toRecord: (row) => table.toRecord(row),
  };
  return {
    listByValues: (field: string, values: readonly RecordId[], options: ByValuesOptions<Row> = {}) =>
      readByValues(field, values, options, source),
    countByValues: (field: string, values: readonly RecordId[], options: ByValuesOptions<Row> = {}) =>
      countByValues(field, values, options, source),
  };
}
