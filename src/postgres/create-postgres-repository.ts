import { v7 as uuidv7 } from 'uuid';
import {
  type RepositoryPage,
  type CursorInput,
  type CursorPage,
  type ListInput,
  type Resource,
  type CreateInput,
  type Patch,
  type RecordId,
  type ScopeOptions,
  type Transaction,
  type ByValuesOptions,
  type Where,
  ownPageResult,
  exactTotalMeta,
  normalizeListInput,
  normalizeCursorInput,
  nextCursorOf,
  normalizeScope,
  duplicateIdError,
  notFoundError,
  validateCreate,
  validatePatch,
  validateReplace,
} from 'pagelope/kit';
import { checkQueryValues, checkRecordValues, isImpossibleScope } from './check-values';
import { toColumnMap } from './column-map';
import { compileKeyset, compileOrder } from '../sql/index';
import { listOffsetPage } from './list-offset-page';
import { compileFilter } from './compile-search';
import { compileWhere } from './compile-where';
import { createWriteErrorMapper, type WriteErrorContext } from './constraint-error';
import { toRetryableError } from './database-error';
import { quoteIdentifier } from './quote-identifier';
import { createRowMapper } from './row-mapper';
import { bindValue, orderSourceOf } from './sql-context';
import { sqlValueProblem } from './sql-values';
import { createStatementContexts } from './statement-context';
import type { CatalogLookup, TableShape } from './table-catalog';
import { createTableFactsLookup, type TableFactsLookup } from './table-facts';
import { checkDatabaseDefaults, fieldsOfParams } from './write-fields';
import type { PostgresRepositoryOptions } from './postgres-repository-options';
import type { PostgresRepository } from './postgres-repository';
import {
  canRunTransactions,
  factsReaderOf,
  catalogReaderOf,
  registerRepository,
  rootClientOf,
  runStatement,
  runTransaction,
} from './transaction';
import { countByValues, listByValues } from './list-by-values';
import { registerNativeTable } from './native-tables';
import { createPostgresBatchWrites } from './postgres-batch-writes';
import type { RunRows } from './run-batch';
import { checkReadClient, createReadRouting } from './read-client';
import type { SqlClient } from './sql-client';
import { planRelations, type ParentTable } from './relation-plan';

/**
 * Creates a `Repository<T>` over a PostgreSQL table (node-postgres, PGlite, or any client with `query`). Every value
 * is a bind parameter and every identifier comes from the resource definition; ordering and matching follow the same
 * rules as the in-memory repository. A `search` is `lower(column) LIKE '%needle%'` over the searchable columns (the
 * `contl` rule, which the trigram indexes of `createTableSql(resource, { trigram: true })` serve); a `select` reads
 * only the selected columns (and, for a cursor page, the sort columns its next cursor is made of).
 *
 * Relations (`ScopeOptions.relations`) bound to a PostgreSQL repository on the same client are read in the same
 * statement: a relation filter is an `EXISTS` / `NOT EXISTS` subquery with the related scope inside, a sort by a
 * to-one path one `LEFT JOIN` whose `ON` holds the related scope (cursors carry the related value). A relation bound
 * to a repository elsewhere (memory, another database) filters through the kit's `resolveRelationTerms` (at most
 * `RELATED_READ_LIMIT` related records read per query) and sorts by joining the related values read ahead through
 * its repository's `listByValues` (one statement for the distinct relating values of the filtered parents, at most
 * `RELATED_READ_LIMIT` of them, else a 400), bound as parameter arrays: the same order, nulls rule and cursors.
 * `listByValues` (with `perValue`, a `row_number()` window) and `countByValues` (a `GROUP BY`) are one statement
 * each; index the relating fields with `createTableSql(resource, { indexes })`.
 *
 * A constraint or data error of a write is the client's 4xx, naming fields and never SQL (a unique or foreign-key
 * violation a 409, a not-null or check violation or a value the column cannot hold a 400), and a lost connection, a
 * statement timeout, a serialization failure or a deadlock a 503 with `retry-after`. `transaction(work)` runs `work`
 * on one connection: a `pg.Pool` checks one out per transaction; on a `pg.Client` or PGlite (one connection) the
 * repositories' other statements wait until the transaction ends, so inside `work` reach the database only through
 * `tx.repository(...)` and `tx.query(...)` (a call to an unbound repository there would wait for ever). A
 * repository on any other client (one that might spread a transaction over several connections) has no
 * `transaction`, and no batch writes either: where it has them, `createMany` is one multi-row INSERT (split, in one
 * transaction, past 65,535 bind parameters), `deleteMany` one `DELETE ... = ANY($1)` and `updateMany` one
 * `UPDATE ... FROM unnest(...)` when its changes set the same fields of distinct records (else one UPDATE per
 * change), each all or nothing (a savepoint inside `tx.repository(...)`).
 *
 * With `readClient` (a replica), lists, counts, `listByValues`, `countByValues` and `get` read there (relation
 * subqueries with them), while writes, transactions and every call inside them use `client`; a `get` that finds
 * nothing on the replica asks `client` before answering 404, and lists may lag by the replica's replay delay.
 *
 * The fields are checked against the table at the first statement (the catalog read): a field without a column is
 * an Error naming the field, its column and the table, on every call until the column exists; `await
 * repository.ready()` runs that check at start-up (see {@link PostgresRepository.ready}).
 *
 * @throws TypeError when the table or a field name is not a plain SQL identifier, `databaseDefaults` names a field
 * the resource does not have, or `readClient` has no `query` method.
 * @example
 * const repository = createPostgresRepository(users, { client: new pg.Pool(), table: 'users' });
 * await client.query(createTableSql(users, { table: 'users' }));
 * await repository.ready(); // throws when a field of users has no column
 * const replicated = createPostgresRepository(users, { client: primaryPool, readClient: replicaPool, table: 'users' });
 * await repository.transaction(async (tx) => {
 *   const user = await tx.repository(repository).create({ name: 'Ann' });
 *   await tx.query('UPDATE stats SET users = users + 1');
 * });
 */
export function createPostgresRepository<TRecord>(
  resource: Resource<TRecord>,
  options: PostgresRepositoryOptions,
): PostgresRepository<TRecord> {
  const { client } = options;
  const readClient = checkReadClient(client, options.readClient);
  const generic = resource as Resource;
  const table = quoteIdentifier(options.table ?? resource.name);
  const fields = generic.fields;
  const columnNames = toColumnMap(generic, options);
  const columns = [...fields.keys()];
  const { idField } = resource;
  const mapper = createRowMapper(generic);
  const { toRecord } = mapper;
  const generateId = options.generateId ?? uuidv7;
  // Catalog reads queue behind an open transaction on a single connection, as every other statement does; a
  // repository bound to a transaction shares the lookup of the one it was bound from, and reads under a savepoint.
  const contextOf = createStatementContexts(
    { query: (text, values) => runStatement(client, text, values as unknown[]) },
    {
      table,
      fields,
      columns: columnNames,
      textCollation: options.textCollation,
      columnTypes: options.columnTypes,
      catalog: inherited.get(options)?.catalog,
      reader: catalogReaderOf(client),
    },
  );
  const name = (field: string) => quoteIdentifier(columnNames.get(field) ?? field);
  const idColumn = name(idField);
  const databaseDefaults = Object.freeze(checkDatabaseDefaults(generic, options.databaseDefaults));
  const facts =
    inherited.get(options)?.facts ??
    createTableFactsLookup({ query: (text, values) => runStatement(client, text, values as unknown[]) }, table);
  const filledByDatabase = new Set(databaseDefaults);
  const fieldOfColumn = new Map([...columnNames].map(([field, column]) => [column, field]));
  const writeError = createWriteErrorMapper({
    resource,
    tableName: (options.table ?? resource.name).split('.').pop() as string,
    fieldOfColumn: (column) =>
      fieldOfColumn.get(column) ?? (fields.has(column) && !columnNames.has(column) ? column : undefined),
    facts: () => facts(factsReaderOf(client)),
  });

  // A lost or refused connection, a timeout, a deadlock is a 503 for the client to retry, not a 500; a constraint or
  // data error of a write is the client's 4xx; any other failure is rethrown as is.
  const runOn =
    (target: SqlClient): RunRows =>
    async (text, values, write) => {
      try {
        return (await runStatement(target, text, values)).rows;
      } catch (error) {
        const retryable = toRetryableError(error);
        throw retryable === error && write ? await writeError(error, write) : retryable;
      }
    };
  const run = runOn(client);
  // Lists, counts and gets read from the read client when there is one (see createReadRouting).
  const reads = createReadRouting(run, readClient && runOn(readClient));
  const notFound = (id: unknown) => notFoundError(resource, id);
  // What relation statements of this and other repositories on the same database read of this table.
  const parent: ParentTable = { resource: generic, table, columns: columnNames, root: rootClientOf(client) };
  const byValuesTable = {
    resource: generic,
    table,
    run: (text: string, values: unknown[]) => reads.list(text, values),
  };
  // The same on the primary, for the reads of a write (`fresh`).
  const freshByValuesTable = { ...byValuesTable, run: (text: string, values: unknown[]) => run(text, values) };
  /**
   * `id = $1`, ANDed with the scope when there is one (and with `where`, a batch item's own condition): a record
   * outside them is not found, as a missing id, and so is an id its column cannot hold (`abc` for a uuid, a NUL
   * anywhere), or any id under a scope or `where` no record can meet.
   */
  const byId = async (id: unknown, options: ScopeOptions<TRecord> | undefined, where?: Where<TRecord>) => {
    const context = await contextOf();
    if (sqlValueProblem(context.types.get(idField) ?? 'text', id) !== undefined) throw notFound(id);
    const conditions = [`${idColumn} = ${bindValue(idField, id, context)}`];
    for (const condition of [options?.scope, where]) {
      if (condition == null) continue;
      const groups = normalizeScope(condition, generic);
      if (isImpossibleScope(groups, context)) throw notFound(id);
      conditions.push(`(${compileWhere(groups, context)})`);
    }
    return { context, match: conditions.join(' AND ') };
  };
  /** Whether the call's scope holds a value its column cannot hold, so that it matches no record. */
  const impossibleScope = (options: ScopeOptions<TRecord> | undefined, shape: TableShape) =>
    options?.scope != null && isImpossibleScope(normalizeScope(options.scope, generic), shape);
  const one = async (
    text: string,
    values: unknown[],
    id: unknown,
    write?: WriteErrorContext,
    exec: RunRows = run,
  ): Promise<TRecord> => {
    const [row] = await exec(text, values, write);
    if (!row) throw notFound(id);
    return toRecord(row) as TRecord;
  };
  const read = async (id: RecordId, options?: WriteOptions<TRecord>, exec: RunRows = run): Promise<TRecord> => {
    const { context, match } = await byId(id, options, options?.where);
    return one(
      `SELECT ${context.layout.selectOf()} FROM ${table} WHERE ${match}`,
      context.params.values,
      id,
      undefined,
      exec,
    );
  };
  const get = (id: RecordId, options?: ScopeOptions<TRecord>): Promise<TRecord> =>
    read(id, options, options?.fresh === true ? run : reads.get);
  /**
   * `UPDATE ... SET` each given column (NULL for an absent one) of the record with this id, within the scope (and
   * `where`), run by `exec` (a batch's transaction, or the repository's client).
   */
  const write = async (
    id: RecordId,
    record: Row,
    names: readonly string[],
    options?: WriteOptions<TRecord>,
    exec: RunRows = run,
  ) => {
    if (names.length === 0) return read(id, options, exec);
    const { context, match } = await byId(id, options, options?.where);
    checkRecordValues(record, context);
    const placeholders = names.map((field) =>
      record[field] === undefined && filledByDatabase.has(field)
        ? 'DEFAULT'
        : bindValue(field, record[field] ?? null, context),
    );
    const sets = names.map((field, i) => `${name(field)} = ${placeholders[i] as string}`);
    const paramFields = fieldsOfParams(names, placeholders).set(1, idField);
    const returning = context.layout.selectOf();
    return one(
      `UPDATE ${table} SET ${sets.join(', ')} WHERE ${match} RETURNING ${returning}`,
      context.params.values,
      id,
      {
        operation: options?.operation ?? 'update',
        id,
        record,
        paramFields,
      },
      exec,
    );
  };

  const repository: PostgresRepository<TRecord> = Object.freeze({
    databaseDefaults,
    ready: () => contextOf.catalog.verify(catalogReaderOf(client)),
    // 'estimated' totals above the threshold are the planner's row estimate of the filtered, scoped query.
    estimatesTotal: true,
    // Only where a transaction is sure to hold one connection: a service asking for transactions fails at creation.
    ...(canRunTransactions(client) && {
      transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => runTransaction(client, work),
      // All or nothing needs a transaction (or a savepoint of the caller's) too.
      ...createPostgresBatchWrites({
        resource,
        client,
        table,
        fields: columns,
        column: name,
        idField,
        idColumn,
        context: contextOf,
        databaseDefaults,
        generateId,
        toRecord,
        run,
        writeError,
        update: (id, changes, options, exec) => write(id, changes, Object.keys(changes), options, exec),
      }),
    }),
    async create(data: CreateInput<TRecord>): Promise<TRecord> {
      const record = validateCreate(resource, data, { databaseDefaults }) as Row;
      const context = await contextOf();
      if (record[idField] === undefined && !filledByDatabase.has(idField)) record[idField] = generateId();
      checkRecordValues(record, context);
      const names = columns.filter((field) => record[field] !== undefined);
      const placeholders = names.map((field) => bindValue(field, record[field], context));
      // An id left to the database cannot be a duplicate of one the client chose: no ON CONFLICT for it.
      const given = record[idField] !== undefined;
      const [row] = await run(
        `INSERT INTO ${table} ` +
          (names.length === 0
            ? 'DEFAULT VALUES '
            : `(${names.map(name).join(', ')}) VALUES (${placeholders.join(', ')}) `) +
          (given ? `ON CONFLICT (${idColumn}) DO NOTHING ` : '') +
          `RETURNING ${context.layout.selectOf()}`,
        context.params.values,
        { operation: 'create', id: record[idField], record, paramFields: fieldsOfParams(names, placeholders) },
      );
      if (!row) throw duplicateIdError(resource, record[idField]);
      return toRecord(row) as TRecord;
    },
    get,
    async update(id: RecordId, patch: Patch<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      // Only the columns the patch names, each value parsed with its own field schema: no default is filled in.
      const changes = validatePatch(resource, patch, id) as Row;
      return write(id, changes, Object.keys(changes), options);
    },
    async replace(id: RecordId, data: CreateInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const record = validateReplace(resource, data, id, { databaseDefaults }) as Row;
      return write(
        id,
        record,
        columns.filter((field) => field !== idField),
        { ...options, operation: 'replace' },
      );
    },
    async delete(id: RecordId, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const { context, match } = await byId(id, options);
      return one(
        `DELETE FROM ${table} WHERE ${match} RETURNING ${context.layout.selectOf()}`,
        context.params.values,
        id,
        {
          operation: 'delete',
          id,
          paramFields: new Map([[1, idField]]),
        },
      );
    },
    async list(input?: ListInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<RepositoryPage<TRecord>> {
      const given = normalizeListInput(input, generic, { scope: options?.scope, relations: options?.relations });
      const base = await contextOf();
      const plan = await planRelations(given, parent, options?.relations, base);
      const query = plan?.query ?? given;
      checkQueryValues(query, base, plan?.shapes);
      const picked = query.select ?? null;
      if (impossibleScope(options, base)) return ownPageResult([], exactTotalMeta(query, 0));
      await plan?.prepare(reads.list);
      const context = plan ? plan.context(base) : base;
      // With a selection only its columns are read: the order's columns are needed by ORDER BY alone.
      const columnsRead = context.layout.selectOf(picked ?? undefined);
      const { rows, total, meta } = await listOffsetPage(query, {
        run: reads.list,
        table,
        from: plan?.from,
        select: columnsRead,
        idColumn: plan?.joined ? context.column(idField) : idColumn,
        context,
      });
      const toItem = picked ? mapper.pick(picked) : toRecord;
      return ownPageResult(
        rows.map((row) => toItem(row) as TRecord),
        meta ?? { total, page: query.page, limit: query.limit },
      );
    },
    async listByCursor(input?: CursorInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<CursorPage<TRecord>> {
      const given = normalizeCursorInput(input, generic, { scope: options?.scope, relations: options?.relations });
      const base = await contextOf();
      const plan = await planRelations(given, parent, options?.relations, base);
      const query = plan?.query ?? given;
      checkQueryValues(query, base, plan?.shapes);
      if (impossibleScope(options, base)) return Object.freeze({ items: Object.freeze([]), nextCursor: null });
      await plan?.prepare(reads.list);
      const context = plan ? plan.context(base) : base;
      const { params } = context;
      const from = plan ? plan.from(params) : table;
      const conditions = [compileFilter(query, context)];
      if (query.after) conditions.push(compileKeyset(query.order, query.after, orderSourceOf(context)));
      // With a selection, its columns and the order's (the next cursor holds the last row's sort key) are read, the
      // cursor is made from the sort key, then the items keep only the selected fields. Relation paths of the order
      // are read from the joined tables under their own names.
      const picked = query.select ?? null;
      const keys = query.order.map((term) => term.field).filter((field) => fields.has(field));
      const columnsRead = [
        context.layout.selectOf(picked ? [...new Set([...picked, ...keys])] : undefined),
        ...(plan?.keySelect ?? []),
      ].join(', ');
      const rows = await reads.list(
        `SELECT ${columnsRead} FROM ${from} WHERE ${conditions.map((c) => `(${c})`).join(' AND ')} ` +
          `ORDER BY ${compileOrder(query.order, orderSourceOf(context))} LIMIT ${params.add(query.limit + 1)}`,
        params.values,
      );
      const toItem = picked ? mapper.pick(picked) : toRecord;
      const items = rows.slice(0, query.limit).map((row) => toItem(row));
      const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
      const lastKeys = last && { ...mapper.pick(keys)(last), ...plan?.keysOf(last) };
      const nextCursor = lastKeys ? nextCursorOf(query, lastKeys) : null;
      return Object.freeze({ items: Object.freeze(items as TRecord[]), nextCursor });
    },
    async listByValues(
      field: keyof TRecord & string,
      values: readonly RecordId[],
      options: ByValuesOptions<TRecord> = {},
    ): Promise<readonly TRecord[]> {
      const context = await contextOf();
      const from = options.fresh === true ? freshByValuesTable : byValuesTable;
      const rows = await listByValues(field, values, options, from, context);
      return rows.map((row) => toRecord(row) as TRecord);
    },
    async countByValues(
      field: keyof TRecord & string,
      values: readonly RecordId[],
      options: ByValuesOptions<TRecord> = {},
    ): Promise<ReadonlyMap<RecordId, number>> {
      const from = options.fresh === true ? freshByValuesTable : byValuesTable;
      return countByValues(field, values, options, from, await contextOf());
    },
  });
  registerNativeTable(repository, { ...parent, context: contextOf });
  registerRepository(repository, client, (connection) => {
    // Inside a transaction everything reads and writes on the transaction's connection.
    const bound = { ...options, client: connection, readClient: undefined };
    inherited.set(bound, { catalog: contextOf.catalog, facts });
    return createPostgresRepository(resource, bound);
  });
  return repository;
}

/** The catalog lookups a repository bound to a transaction shares with the one it is bound from, by its options. */
const inherited = new WeakMap<
  PostgresRepositoryOptions,
  { readonly catalog: CatalogLookup; readonly facts: TableFactsLookup }
>();

type Row = Record<string, unknown>;

/** Options of one update or replace: the scope, the operation for error messages, a batch item's own `where`. */
interface WriteOptions<TRecord> extends ScopeOptions<TRecord> {
  readonly operation?: 'update' | 'replace';
  readonly where?: Where<TRecord> | undefined;
}
