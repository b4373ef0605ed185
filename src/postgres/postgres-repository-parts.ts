import { v7 as uuidv7 } from 'uuid';
import {
  normalizeScope,
  notFoundError,
  type RecordId,
  type Resource,
  type ScopeOptions,
  type Where,
} from 'pagelope/kit';
import { isImpossibleScope } from './check-values';
import { toColumnMap } from './column-map';
import { compileWhere } from './compile-where';
import { createWriteErrorMapper, type WriteErrorContext } from './constraint-error';
import { toRetryableError } from './database-error';
import type { PostgresRepositoryOptions } from './postgres-repository-options';
import { quoteIdentifier } from './quote-identifier';
import { checkReadClient, createReadRouting, type ReadRouting } from './read-client';
import type { ParentTable } from './relation-plan';
import { createRowMapper, type RowMapper } from './row-mapper';
import type { RunRows } from './run-batch';
import type { SqlClient } from './sql-client';
import { bindValue } from './sql-context';
import { sqlValueProblem } from './sql-values';
import { createStatementContexts, type StatementContext, type StatementContexts } from './statement-context';
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
  readonly notFound: (id: unknown) => ReturnType<typeof notFoundError>;
}

/** The table's parts and the reading of one record by id, which the reads and the writes share. */
export interface PostgresRepositoryParts<TRecord> extends PostgresTableParts<TRecord> {
  /**
   * `id = $1`, ANDed with the scope when there is one (and with `where`, a batch item's own condition): a record
   * outside them is not found, as a missing id, and so is an id its column cannot hold (`abc` for a uuid, a NUL
   * anywhere), or any id under a scope or `where` no record can meet.
   */
  byId(
    id: unknown,
    options: ScopeOptions<TRecord> | undefined,
    where?: Where<TRecord>,
  ): Promise<{ context: StatementContext; match: string }>;
  /** Whether the call's scope holds a value its column cannot hold, so that it matches no record. */
  impossibleScope(options: ScopeOptions<TRecord> | undefined, shape: TableShape): boolean;
  /** The record of the statement's first row, run by `exec`; a 404 for `id` when there is none. */
  one(text: string, values: unknown[], id: unknown, write?: WriteErrorContext, exec?: RunRows): Promise<TRecord>;
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
    notFound: (id: unknown) => notFoundError(resource, id),
  };
  return { ...parts, ...recordReads(parts) };
}

/** `byId`, `impossibleScope`, `one` and `read` of {@link PostgresRepositoryParts} over the table's parts. */
function recordReads<TRecord>(
  parts: PostgresTableParts<TRecord>,
): Pick<PostgresRepositoryParts<TRecord>, 'byId' | 'impossibleScope' | 'one' | 'read'> {
  const { generic, table, idField, idColumn, contextOf, run, notFound, toRecord } = parts;
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
  return {
    byId,
    impossibleScope: (options, shape) =>
      options?.scope != null && isImpossibleScope(normalizeScope(options.scope, generic), shape),
    one,
    async read(id, options, exec = run) {
      const { context, match } = await byId(id, options, options?.where);
      return one(
        `SELECT ${context.layout.selectOf()} FROM ${table} WHERE ${match}`,
        context.params.values,
        id,
        undefined,
        exec,
      );
    },
  };
}
