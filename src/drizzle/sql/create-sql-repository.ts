import { v7 as uuidv7 } from 'uuid';
import type { Repository, Resource } from 'pagelope/kit';
import { checkDatabaseDefaults, createSqlRepositoryMethods } from '../../sql/index';
import { createSqlListing } from './create-sql-listing';
import type { SqlColumn, SqlRepositoryOptions } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';
import { createSqlTable } from './sql-table';
import { registerSqlRepository, runSqlTransaction } from './sql-transactions';
import { withPrepare } from './with-prepare';

/**
 * Creates a `Repository<T>` over a table of a SQL dialect without `pagelope/postgres` (SQLite; MySQL and MariaDB
 * next), its statements written through `options.dialect` and run by `options.runner`: every value a bind
 * parameter, every identifier quoted. Writes are the SQL engine's, one statement each (`UPDATE ... WHERE id = ?
 * AND <scope> RETURNING ...`); one that reads the record first (a scope SQL cannot say exactly, an UPDATE without
 * `RETURNING` on MariaDB) runs in a transaction (a savepoint inside one); `createMany` is one multi-row INSERT per set
 * of columns given, `updateMany` one UPDATE per change in order, `deleteMany` each record read first within the scope
 * (locked on MariaDB), then one DELETE of them, each all or nothing; constraint errors are 4xx answers as on
 * PostgreSQL (the dialect's `constraintViolation`, answered as `toSqlWriteError` answers it). Lists are SQL (see
 * `createSqlListing`): filter, search, order, keyset and page in one statement, relations as subqueries on the same
 * database; what SQL cannot say exactly is evaluated by the kit's reference predicate and comparator, so every answer
 * is the memory repository's. With `readRunner` (a replica) the lists, counts, by-values reads and gets run there, the
 * rest on `runner`.
 *
 * @throws TypeError when a field of the resource has no column in `options.columns`.
 */
export function createSqlRepository<TRecord>(
  resource: Resource<TRecord>,
  options: SqlRepositoryOptions,
): Repository<TRecord> {
  return build(resource, options, options.runner);
}

/** `columns` with each column's `notNull` given, from its field's schema where the column does not say. */
function withNotNull(resource: Resource, columns: ReadonlyMap<string, SqlColumn>): ReadonlyMap<string, SqlColumn> {
  const out = new Map<string, SqlColumn>();
  for (const [field, column] of columns) {
    const notNull = column.notNull ?? resource.fields.get(field)?.nullable === false;
    out.set(field, column.notNull === notNull ? column : Object.freeze({ ...column, notNull }));
  }
  return out;
}

function build<TRecord>(
  resource: Resource<TRecord>,
  given: SqlRepositoryOptions,
  root: SqlRunner,
): Repository<TRecord> {
  const generic = resource as Resource;
  const options: SqlRepositoryOptions = {
    ...given,
    columns: withNotNull(generic, given.columns),
    databaseDefaults: checkDatabaseDefaults(generic, given.databaseDefaults),
  };
  const table = createSqlTable(generic, options);
  const ref = { name: options.table, resource: generic, columns: options.columns, dialect: options.dialect };
  const { runner } = options;
  const reader = options.readRunner ?? runner;
  const violation = (error: unknown) => options.dialect.constraintViolation(error);
  // A default computed in JavaScript, called as its column's method.
  const defaultValues = new Map<string, () => unknown>();
  for (const [field, column] of options.columns) {
    if (column.defaultValue) defaultValues.set(field, () => column.defaultValue?.());
  }
  const repository = Object.freeze(
    createSqlRepositoryMethods<TRecord>({
      resource,
      // A replace keeps a field the database fills when it has none (SQL has no `SET x = DEFAULT` here).
      table: table.record,
      primary: table.runner(runner),
      replica: reader === runner ? undefined : table.runner(reader).run,
      // Values bound one placeholder each (`IN (...)`), on the primary for a write's reads (`fresh`).
      byValues: (fresh) => table.byValues(fresh ? runner : reader),
      listingOf: createSqlListing(generic, table, reader, { root, ref }),
      batch: {
        run: (text, values) => runner.all(text, values),
        transaction: (work) => runner.transaction((tx) => work((text, values) => tx.all(text, values))),
        isolateOne: runner.failureAborts === true,
        isUnique: (error) => violation(error)?.kind === 'unique',
        isValueError: (error) => violation(error) !== undefined,
        writeError: (error, write) => table.writeError(runner, error, write),
      },
      transaction: (work) => runSqlTransaction(runner, root, work),
      generateId: options.generateId ?? uuidv7,
      defaultValues,
    }),
  );
  // Registered as prepared, so that a transaction or a relation recognises the object the caller holds.
  const prepared = options.prepare ? withPrepare(repository, options.prepare) : repository;
  return registerSqlRepository(prepared, root, ref, (on) =>
    // Inside a transaction everything reads and writes on the transaction's runner.
    build(resource, { ...options, runner: on, readRunner: undefined }, root),
  );
}
