import { v7 as uuidv7 } from 'uuid';
import {
  HttpError,
  validateCreate,
  type CreateInput,
  type RecordId,
  type Repository,
  type Resource,
  type ScopeOptions,
  type Transaction,
} from 'pagelope/kit';
import { createByValuesReads, createSingleWrites, readRecord, type SqlWriteOptions } from '../../sql/index';
import { createSqlLists } from './sql-lists';
import { createSqlBatchWrites } from './sql-batch-writes';
import type { SqlColumn, SqlRepositoryOptions } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';
import { createSqlTable, type Row } from './sql-table';
import { registerSqlRepository, runSqlTransaction } from './sql-transactions';
import { withPrepare } from './with-prepare';

/**
 * Creates a `Repository<T>` over a table of a SQL dialect without `pagelope/postgres` (SQLite; MySQL and MariaDB
 * next), its statements written through `options.dialect` and run by `options.runner`: every value a bind
 * parameter, every identifier quoted. Writes are the SQL engine's, one statement each (`UPDATE ... WHERE id = ?
 * AND <scope> RETURNING ...`); one that reads the record first (a scope SQL cannot say exactly, an UPDATE without
 * `RETURNING` on MariaDB) runs in a transaction (a savepoint inside one); `createMany` is one multi-row INSERT;
 * constraint errors are 4xx answers as on PostgreSQL. Lists are SQL (see `createSqlLists`): filter, search, order, keyset and page in one
 * statement, relations as subqueries on the same database; what SQL cannot say exactly is evaluated by the kit's
 * reference predicate and comparator, so every answer is the memory repository's. With `readRunner` (a replica) the
 * lists, counts, by-values reads and gets run there, the rest on `runner`.
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
  const options: SqlRepositoryOptions = { ...given, columns: withNotNull(generic, given.columns) };
  const { idField } = resource;
  const table = createSqlTable(generic, options);
  const ref = { name: options.table, resource: generic, columns: options.columns, dialect: options.dialect };
  const { runner } = options;
  const reader = options.readRunner ?? runner;
  const databaseDefaults = Object.freeze([...(options.databaseDefaults ?? [])]);
  const filledByDatabase = new Set(databaseDefaults);
  const generateId = options.generateId ?? uuidv7;
  // The SQL engine's single-record statements: one each where SQL says the scope and the dialect has RETURNING.
  const read = async (id: RecordId, options: SqlWriteOptions | undefined, on: SqlRunner) =>
    (await readRecord(table.record, id, options, table.runner(on).run)) as TRecord;

  const repository: Repository<TRecord> = Object.freeze({
    databaseDefaults,
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => runSqlTransaction(runner, root, work),
    ...createSqlBatchWrites<TRecord>(table, runner, (data) => prepareCreate(data)),
    async get(id: RecordId, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      if (reader === runner || options?.fresh === true) return read(id, options, runner);
      // Not on the replica (not there yet, or outside the scope there): the primary answers, 404 included.
      return read(id, options, reader).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) return read(id, options, runner);
        throw error;
      });
    },
    // A replace keeps a field the database fills when it has none (SQL has no `SET x = DEFAULT` here).
    ...createSingleWrites<TRecord>(table.record, table.runner(runner)),
    ...createSqlLists(generic, table, reader, { root, ref }),
    // Values bound one placeholder each (`IN (...)`), on the primary for a write's reads (`fresh`).
    ...createByValuesReads<TRecord>((fresh) => table.byValues(fresh ? runner : reader)),
  } as Repository<TRecord>);

  /** A validated record to insert, its id generated unless given or filled by the database. */
  function prepareCreate(data: CreateInput<TRecord>): Row {
    const record = validateCreate(resource, data, { databaseDefaults }) as Record<string, unknown>;
    for (const [field, column] of options.columns) {
      if (record[field] === undefined && column.defaultValue) record[field] = column.defaultValue();
    }
    if (record[idField] === undefined && !filledByDatabase.has(idField)) record[idField] = generateId();
    return record;
  }
  // Registered as prepared, so that a transaction or a relation recognises the object the caller holds.
  const prepared = options.prepare ? withPrepare(repository, options.prepare) : repository;
  return registerSqlRepository(prepared, root, ref, (on) =>
    // Inside a transaction everything reads and writes on the transaction's runner.
    build(resource, { ...options, runner: on, readRunner: undefined }, root),
  );
}
