import { v7 as uuidv7 } from 'uuid';
import { normalizeScope, type RecordId, type Resource, type ScopeOptions, type Where } from 'pagelope/kit';
import { compileOrder, readRecord, type SqlTableSource } from '../sql/index';
import { checkRecordValues, isImpossibleScope } from './check-values';
import { toColumnMap } from './column-map';
import { createWriteErrorMapper } from './constraint-error';
import { toRetryableError } from './database-error';
import { POSTGRES_WRITE_DIALECT } from './postgres-write-dialect';
import type { PostgresRepositoryOptions } from './postgres-repository-options';
import { quoteIdentifier } from './quote-identifier';
import { checkReadClient, createReadRouting, type ReadRouting } from './read-client';
import type { ParentTable } from './relation-plan';
import { createRowMapper, type RowMapper } from './row-mapper';
import type { RunRows } from './run-rows';
import type { SqlClient } from './sql-client';
import { keyText } from './key-text';
import { bindList, bindValue, compileWhere, orderSourceOf } from './sql-context';
import { sqlValueProblem } from './sql-values';
import { createStatementContexts, type StatementContexts } from './statement-context';
import type { CatalogLookup, TableShape } from './table-catalog';
import { createTableFactsLookup, type TableFactsLookup } from './table-facts';
import { factsReaderOf, catalogReaderOf, rootClientOf, runStatement } from './transaction';
import { checkDatabaseDefaults } from './write-fields';

export type Row = Record<string, unknown>;

/** Options of one update or replace: the scope, the operation for error messages, a batch item's own `where`. */
export interface WriteOptions<TRecord> extends ScopeOptions<TRecord> {
  readonly operation?: 'update' | 'replace';
  readonly where?: Where<TRecord> | undefined;
}

/** The catalog lookups a repository bound to a transaction shares with the one it is bound from, by its options. */
export const inherited = new WeakMap<
  PostgresRepositoryOptions,
  { readonly catalog: CatalogLookup; readonly facts: TableFactsLookup }
>();

/** What the statements of one PostgreSQL repository share (see `createPostgresRepository`): its table and running. */
interface PostgresTableParts<TRecord> {
  readonly resource: Resource<TRecord>;
  readonly generic: Resource;
  readonly client: SqlClient;
  /** The quoted table. */
  readonly table: string;
  readonly fields: Resource['fields'];
  /** The fields' names, in the resource's order. */
  readonly columns: readonly string[];
  readonly idField: keyof TRecord & string;
  /** The quoted id column. */
  readonly idColumn: string;
  /** A field's quoted column. */
  readonly name: (field: string) => string;
  readonly mapper: RowMapper;
  readonly toRecord: RowMapper['toRecord'];
  readonly generateId: () => RecordId;
  /** The statement context, after the catalog read (queued behind an open transaction as any statement is). */
  readonly contextOf: StatementContexts;
  readonly databaseDefaults: readonly string[];
  readonly filledByDatabase: ReadonlySet<string>;
  readonly facts: TableFactsLookup;
  readonly writeError: ReturnType<typeof createWriteErrorMapper>;
  /** Runs a statement on the client: a retryable failure a 503, a write's constraint or data error the client's. */
  readonly run: RunRows;
  /** Lists, counts and gets on the read client when there is one (see createReadRouting). */
  readonly reads: ReadRouting;
  /** What relation statements of this and other repositories on the same database read of this table. */
  readonly parent: ParentTable;
}

/** The table's parts and the reading of one record by id, which the reads and the writes share. */
export interface PostgresRepositoryParts<TRecord> extends PostgresTableParts<TRecord> {
  /**
   * The table as the SQL engine's single-record reads and writes read it: an id its column cannot hold (`abc` for a
   * uuid, a NUL anywhere) or a scope holding a value its column cannot hold is not found without a statement, and
   * every value written is checked against its column first; its statements serve the by-value reads too.
   */
  readonly record: SqlTableSource;
  /** Whether the call's scope holds a value its column cannot hold, so that it matches no record. */
  impossibleScope(options: ScopeOptions<TRecord> | undefined, shape: TableShape): boolean;
  /** The record with this id within the scope (and `where`), read by `exec`. */
  read(id: RecordId, options?: WriteOptions<TRecord>, exec?: RunRows): Promise<TRecord>;
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
  const databaseDefaults = Object.freeze(checkDatabaseDefaults(generic, options.databaseDefaults));
  const facts =
    inherited.get(options)?.facts ??
    createTableFactsLookup({ query: (text, values) => runStatement(client, text, values as unknown[]) }, table);
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
  const reads = createReadRouting(run, readClient && runOn(readClient));
  const parts: PostgresTableParts<TRecord> = {
    resource,
    generic,
    client,
    table,
    fields,
    columns: [...fields.keys()],
    idField: resource.idField,
    idColumn: name(resource.idField),
    name,
    mapper,
    toRecord: mapper.toRecord,
    generateId: options.generateId ?? uuidv7,
    contextOf,
    databaseDefaults,
    filledByDatabase: new Set(databaseDefaults),
    facts,
    writeError,
    run,
    reads,
    parent: { resource: generic, table, columns: columnNames, root: rootClientOf(client) },
  };
  return { ...parts, ...recordReads(parts) };
}

/** `record`, `impossibleScope` and `read` of {@link PostgresRepositoryParts} over the table's parts. */
function recordReads<TRecord>(
  parts: PostgresTableParts<TRecord>,
): Pick<PostgresRepositoryParts<TRecord>, 'record' | 'impossibleScope' | 'read'> {
  const { generic, table, name, contextOf, run, filledByDatabase, toRecord } = parts;
  const record: SqlTableSource = {
    resource: generic,
    dialect: POSTGRES_WRITE_DIALECT,
    table,
    column: name,
    filledByDatabase,
    async statement() {
      const context = await contextOf();
      return {
        bind: (field, value) => bindValue(field, value, context),
        values: context.params.values,
        select: context.layout.selectOf(),
        where: (groups) => compileWhere(groups, context),
        holds: (field, value) => sqlValueProblem(context.types.get(field) ?? 'text', value) === undefined,
        impossible: (groups) => isImpossibleScope(groups, context),
        check: (values) => checkRecordValues(values, context),
        list: (field, values) => ({ array: bindList(field, values, context) }),
        key: (field, value) => keyText(context.types.get(field) ?? 'text', value),
        add: (value) => context.params.add(value),
        column: context.column,
        order: (order) => compileOrder(order, orderSourceOf(context)),
      };
    },
    toRecord,
  };
  return {
    record,
    impossibleScope: (options, shape) =>
      options?.scope != null && isImpossibleScope(normalizeScope(options.scope, generic), shape),
    read: async (id, options, exec = run) => (await readRecord(record, id, options, exec)) as TRecord,
  };
}
