import type { Resource } from 'pagelope/kit';
import {
  checkDatabaseDefaults,
  createSqlRun,
  createTypedListing,
  createTypedTableSource,
  type SqlListingOf,
  type SqlRecordRun,
  type SqlTableSource,
} from '../sql/index';
import { toColumnMap } from './column-map';
import { createWriteErrorMapper } from './constraint-error';
import type { PostgresRepositoryOptions } from './postgres-repository-options';
import { quoteIdentifier } from './quote-identifier';
import { POSTGRES_TYPED_DIALECT } from './postgres-typed-dialect';
import { checkReadClient } from './read-client';
import { planRelations, type ParentTable } from './relation-plan';
import { createRowMapper } from './row-mapper';
import type { SqlClient } from './sql-client';
import { POSTGRES_COMPILERS } from './sql-context';
import { SqlParams } from './sql-params';
import { createStatementContexts, type StatementContexts } from './statement-context';
import type { CatalogLookup } from './table-catalog';
import { createTableFactsLookup, type TableFactsLookup } from './table-facts';
import { factsReaderOf, catalogReaderOf, rootClientOf, runStatement } from './transaction';

/** The catalog lookups a repository bound to a transaction shares with the one it is bound from, by its options. */
export const inherited = new WeakMap<
  PostgresRepositoryOptions,
  { readonly catalog: CatalogLookup; readonly facts: TableFactsLookup }
>();

/** What the statements of one PostgreSQL repository share (see `createPostgresRepository`): its table and running. */
export interface PostgresRepositoryParts<TRecord> {
  readonly generic: Resource;
  readonly client: SqlClient;
  /** The quoted table. */
  readonly table: string;
  readonly idField: keyof TRecord & string;
  /** A field's quoted column. */
  readonly name: (field: string) => string;
  /** The statement context, after the catalog read (queued behind an open transaction as any statement is). */
  readonly contextOf: StatementContexts;
  readonly facts: TableFactsLookup;
  readonly writeError: ReturnType<typeof createWriteErrorMapper>;
  /** Runs a statement on the client: a retryable failure a 503, a write's constraint or data error the client's. */
  readonly run: SqlRecordRun;
  /** Runs a statement on the read client, absent without one. */
  readonly readRun: SqlRecordRun | undefined;
  /** Runs the statements of lists, counts and by-value reads: on the read client when there is one. */
  readonly listRun: SqlRecordRun;
  /** What relation statements of this and other repositories on the same database read of this table. */
  readonly parent: ParentTable;
  /**
   * The table as the SQL engine's single-record reads and writes read it: an id its column cannot hold (`abc` for a
   * uuid, a NUL anywhere) or a scope holding a value its column cannot hold is not found without a statement, and
   * every value written is checked against its column first; its statements serve the by-value reads too.
   */
  readonly record: SqlTableSource;
  /** The listing of a query (the SQL engine's `createTypedListing`): its relations planned by `planRelations`. */
  readonly listingOf: SqlListingOf<TRecord>;
}

/**
 * The shared parts of the repository of `options` for `resource`.
 *
 * @throws TypeError when the table or a field name is not a plain SQL identifier, `databaseDefaults` names a field
 * the resource does not have, or `readClient` has no `query` method.
 */
export function createRepositoryParts<TRecord>(
  resource: Resource<TRecord>,
  options: PostgresRepositoryOptions,
): PostgresRepositoryParts<TRecord> {
  const { client } = options;
  const readClient = checkReadClient(client, options.readClient);
  const generic = resource as Resource;
  const table = quoteIdentifier(options.table ?? resource.name);
  const fields = generic.fields;
  const columnNames = toColumnMap(generic, options);
  const mapper = createRowMapper(generic);
  const query = (text: string, values?: readonly unknown[]) => runStatement(client, text, values as unknown[]);
  // Catalog reads queue behind an open transaction on a single connection, as every other statement does; a
  // repository bound to a transaction shares the lookup of the one it was bound from, and reads under a savepoint.
  const contextOf = createStatementContexts(
    { query },
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
  const databaseDefaults = checkDatabaseDefaults(generic, options.databaseDefaults);
  const facts = inherited.get(options)?.facts ?? createTableFactsLookup({ query }, table);
  const fieldOfColumn = new Map([...columnNames].map(([field, column]) => [column, field]));
  const writeError = createWriteErrorMapper({
    resource,
    tableName: (options.table ?? resource.name).split('.').pop() as string,
    fieldOfColumn: (column) =>
      fieldOfColumn.get(column) ?? (fields.has(column) && !columnNames.has(column) ? column : undefined),
    facts: () => facts(factsReaderOf(client)),
  });
  // A lost or refused connection, a timeout, a deadlock is a 503 for the client to retry, not a 500; a constraint or
  // data error of a write is the client's 4xx; any other failure is rethrown as it is.
  const runOn = (target: SqlClient) =>
    createSqlRun(async (text, values) => (await runStatement(target, text, values)).rows, {
      dialect: POSTGRES_TYPED_DIALECT,
      writeError,
    });
  const run = runOn(client);
  const readRun = readClient && runOn(readClient);
  const listRun = readRun ?? run;
  const parent = { resource: generic, table, columns: columnNames, root: rootClientOf(client) };
  const compilers = POSTGRES_COMPILERS;
  const dialect = POSTGRES_TYPED_DIALECT;
  const record = createTypedTableSource({
    ...{ resource: generic, dialect, compilers, table, column: name, contextOf },
    filledByDatabase: new Set(databaseDefaults),
    toRecord: mapper.toRecord,
  });
  const listingOf = createTypedListing<TRecord>({
    ...{ resource: generic, dialect, compilers, table, idColumn: name(resource.idField), mapper, contextOf },
    read: listRun,
    plan: (query, bindings, base) => planRelations(query, parent, bindings, base),
    params: () => new SqlParams(),
  });
  return {
    generic,
    client,
    table,
    idField: resource.idField,
    name,
    contextOf,
    facts,
    writeError,
    run,
    readRun,
    listRun,
    parent,
    record,
    listingOf,
  };
}
