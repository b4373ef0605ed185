import type { CreateInput } from 'pagelope/kit';
import { createBatchWrites, type SqlBatchWrites } from '../../sql/index';
import type { SqlRunner } from './sql-runner';
import type { Row, SqlTable } from './sql-table';

/**
 * The creates and batch writes of a SQL repository: the SQL engine's `createBatchWrites` (see there) on `table`, run
 * by `runner`, each all or nothing (in one transaction, a savepoint inside one): `create` and `createMany` one
 * multi-row INSERT per set of columns given, `updateMany` one UPDATE per change in order, `deleteMany` each record
 * read first within the scope (locked on MariaDB), then one DELETE of them (an id given twice a 404 for the second).
 * A constraint error is the dialect's (`constraintViolation`), answered as `toSqlWriteError` answers it.
 */
export function createSqlBatchWrites<TRecord>(
  table: SqlTable,
  runner: SqlRunner,
  prepare: (data: CreateInput<TRecord>) => Row,
): SqlBatchWrites<TRecord> {
  const violation = (error: unknown) => table.dialect.constraintViolation(error);
  return createBatchWrites({
    ...table.record,
    run: (text, values) => runner.all(text, values),
    transaction: (work) => runner.transaction((tx) => work((text, values) => tx.all(text, values))),
    isolateOne: runner.failureAborts === true,
    isUnique: (error) => violation(error)?.kind === 'unique',
    isValueError: (error) => violation(error) !== undefined,
    writeError: (error, write) => table.writeError(runner, error, write),
    prepare: (data) => prepare(data as CreateInput<TRecord>),
  });
}
