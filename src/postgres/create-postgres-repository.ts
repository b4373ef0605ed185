import { v7 as uuidv7 } from 'uuid';
import {
  type PageResult,
  type CursorInput,
  type CursorPage,
  type ListInput,
  type Resource,
  type CreateInput,
  type Patch,
  type Repository,
  type ScopeOptions,
} from 'pagelope';
import {
  ownPageResult,
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
import { toColumnMap, type ColumnNamingOptions } from './column-map';
import { compileKeyset, compileOrderBy } from './compile-order';
import { listOffsetPage } from './list-offset-page';
import { compileFilter } from './compile-search';
import { compileWhere } from './compile-where';
import { toUnavailableError } from './connection-error';
import { quoteIdentifier } from './quote-identifier';
import { createRowMapper } from './row-mapper';
import type { SqlClient } from './sql-client';
import { bindValue } from './sql-context';
import { sqlValueProblem } from './sql-values';
import { createStatementContexts } from './statement-context';
import type { TableShape } from './table-catalog';
import type { TextCollation } from './text-collation';

/** Options of {@link createPostgresRepository}. */
export interface PostgresRepositoryOptions extends ColumnNamingOptions {
  /** A node-postgres `Pool`/`Client`, a PGlite instance, or anything with `query(text, values) => { rows }`. */
  readonly client: SqlClient;
  /**
   * The table (`name` or `schema.name`), with one column per schema field, named by `columns` and `columnNaming`
   * (default: as the field); default the resource name.
   */
  readonly table?: string;
  /** Makes the id of a record created without one (default: uuid v7). */
  readonly generateId?: () => string;
  /**
   * The collation of the table's text columns, which decides where `COLLATE "C"` is needed for code-point order
   * (orderings, ranges and keyset predicates; never equality): `'detect'` (default) reads it from the catalog once;
   * `'C'` says every text column is `COLLATE "C"` (as `createTableSql` makes them); `'unknown'` collates every text
   * field.
   */
  readonly textCollation?: TextCollation;
  /**
   * The SQL type of each field's column (`{ id: 'uuid', count: 'integer', publishedOn: 'date' }`), stated instead of
   * read from the catalog. Values are checked against it and bound as it (list operators as an array of it). A field
   * not named here has its type read once from the catalog (or, before the table exists, the type `createTableSql`
   * gives its kind).
   */
  readonly columnTypes?: Readonly<Record<string, string>>;
}

/**
 * Creates a `Repository<T>` over a PostgreSQL table (node-postgres, PGlite, or any client with `query`). Every value
 * is a bind parameter and every identifier comes from the resource definition; ordering and matching follow the same
 * rules as the in-memory repository. A `search` is `lower(column) LIKE '%needle%'` over the searchable columns (the
 * `contl` rule, which the trigram indexes of `createTableSql(resource, { trigram: true })` serve); a `select` reads
 * only the selected columns (and, for a cursor page, the sort columns its next cursor is made of).
 *
 * @throws TypeError when the table or a field name is not a plain SQL identifier.
 * @example
 * const repository = createPostgresRepository(users, { client: new pg.Pool(), table: 'users' });
 * await client.query(createTableSql(users, { table: 'users' }));
 */
export function createPostgresRepository<TRecord>(
  resource: Resource<TRecord>,
  options: PostgresRepositoryOptions,
): Repository<TRecord> {
  const { client } = options;
  const generic = resource as Resource;
  const table = quoteIdentifier(options.table ?? resource.name);
  const fields = generic.fields;
  const columnNames = toColumnMap(generic, options);
  const columns = [...fields.keys()];
  const { idField } = resource;
  const mapper = createRowMapper(generic);
  const { toRecord } = mapper;
  const generateId = options.generateId ?? uuidv7;
  const contextOf = createStatementContexts(client, {
    table,
    fields,
    columns: columnNames,
    textCollation: options.textCollation,
    columnTypes: options.columnTypes,
  });
  const name = (field: string) => quoteIdentifier(columnNames.get(field) ?? field);
  const idColumn = name(idField);

  // A lost or refused connection is a 503 for the client to retry, not a 500; any other failure is rethrown as is.
  const run = async (text: string, values: unknown[]) => {
    try {
      return (await client.query(text, values)).rows;
    } catch (error) {
      throw toUnavailableError(error);
    }
  };
  const notFound = (id: unknown) => notFoundError(resource, id);
  /**
   * `id = $1`, ANDed with the scope when there is one: a record outside it is not found, as a missing id, and so is
   * an id its column cannot hold (`abc` for a uuid, a NUL anywhere), or any id under a scope no record can meet.
   */
  const byId = async (id: unknown, options: ScopeOptions<TRecord> | undefined) => {
    const context = await contextOf();
    if (sqlValueProblem(context.types.get(idField) ?? 'text', id) !== undefined) throw notFound(id);
    const match = `${idColumn} = ${bindValue(idField, id, context)}`;
    const scope = options?.scope;
    if (scope == null) return { context, match };
    const groups = normalizeScope(scope, generic);
    if (isImpossibleScope(groups, context)) throw notFound(id);
    return { context, match: `${match} AND (${compileWhere(groups, context)})` };
  };
  /** Whether the call's scope holds a value its column cannot hold, so that it matches no record. */
  const impossibleScope = (options: ScopeOptions<TRecord> | undefined, shape: TableShape) =>
    options?.scope != null && isImpossibleScope(normalizeScope(options.scope, generic), shape);
  const one = async (text: string, values: unknown[], id: unknown): Promise<TRecord> => {
    const [row] = await run(text, values);
    if (!row) throw notFound(id);
    return toRecord(row) as TRecord;
  };
  const get = async (id: string, options?: ScopeOptions<TRecord>): Promise<TRecord> => {
    const { context, match } = await byId(id, options);
    return one(`SELECT ${context.layout.selectOf()} FROM ${table} WHERE ${match}`, context.params.values, id);
  };
  /** `UPDATE ... SET` each given column (NULL for an absent one) of the record with this id, within the scope. */
  const write = async (id: string, record: Row, names: readonly string[], options?: ScopeOptions<TRecord>) => {
    if (names.length === 0) return get(id, options);
    const { context, match } = await byId(id, options);
    checkRecordValues(record, context);
    const sets = names.map((field) => `${name(field)} = ${bindValue(field, record[field] ?? null, context)}`);
    const returning = context.layout.selectOf();
    return one(
      `UPDATE ${table} SET ${sets.join(', ')} WHERE ${match} RETURNING ${returning}`,
      context.params.values,
      id,
    );
  };

  return Object.freeze({
    async create(data: CreateInput<TRecord>): Promise<TRecord> {
      const record = validateCreate(resource, data) as Row;
      const context = await contextOf();
      checkRecordValues(record, context);
      if (record[idField] === undefined) record[idField] = generateId();
      const names = columns.filter((field) => record[field] !== undefined);
      const placeholders = names.map((field) => bindValue(field, record[field], context));
      const [row] = await run(
        `INSERT INTO ${table} (${names.map(name).join(', ')}) VALUES (${placeholders.join(', ')}) ` +
          `ON CONFLICT (${idColumn}) DO NOTHING RETURNING ${context.layout.selectOf()}`,
        context.params.values,
      );
      if (!row) throw duplicateIdError(resource, record[idField]);
      return toRecord(row) as TRecord;
    },
    get,
    async update(id: string, patch: Patch<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      // Only the columns the patch names, each value parsed with its own field schema: no default is filled in.
      const changes = validatePatch(resource, patch, id) as Row;
      return write(id, changes, Object.keys(changes), options);
    },
    async replace(id: string, data: CreateInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const record = validateReplace(resource, data, id) as Row;
      return write(
        id,
        record,
        columns.filter((field) => field !== idField),
        options,
      );
    },
    async delete(id: string, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const { context, match } = await byId(id, options);
      return one(
        `DELETE FROM ${table} WHERE ${match} RETURNING ${context.layout.selectOf()}`,
        context.params.values,
        id,
      );
    },
    async list(input?: ListInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<PageResult<TRecord>> {
      const query = normalizeListInput(input, generic, { scope: options?.scope });
      const context = await contextOf();
      checkQueryValues(query, context);
      const picked = query.select ?? null;
      if (impossibleScope(options, context))
        return ownPageResult([], { total: 0, page: query.page, limit: query.limit });
      // With a selection only its columns are read: the order's columns are needed by ORDER BY alone.
      const columnsRead = context.layout.selectOf(picked ?? undefined);
      const { rows, total } = await listOffsetPage(query, { run, table, select: columnsRead, idColumn, context });
      const toItem = picked ? mapper.pick(picked) : toRecord;
      return ownPageResult(
        rows.map((row) => toItem(row) as TRecord),
        { total, page: query.page, limit: query.limit },
      );
    },
    async listByCursor(input?: CursorInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<CursorPage<TRecord>> {
      const query = normalizeCursorInput(input, generic, { scope: options?.scope });
      const context = await contextOf();
      const { params } = context;
      checkQueryValues(query, context);
      if (impossibleScope(options, context)) return Object.freeze({ items: Object.freeze([]), nextCursor: null });
      const conditions = [compileFilter(query, context)];
      if (query.after) conditions.push(compileKeyset(query.order, query.after, context));
      // With a selection, its columns and the order's (the next cursor holds the last row's sort key) are read, the
      // cursor is made from the sort key, then the items keep only the selected fields.
      const picked = query.select ?? null;
      const keys = query.order.map((term) => term.field);
      const columnsRead = context.layout.selectOf(picked ? [...new Set([...picked, ...keys])] : undefined);
      const rows = await run(
        `SELECT ${columnsRead} FROM ${table} WHERE ${conditions.map((c) => `(${c})`).join(' AND ')} ` +
          `ORDER BY ${compileOrderBy(query.order, context)} LIMIT ${params.add(query.limit + 1)}`,
        params.values,
      );
      const toItem = picked ? mapper.pick(picked) : toRecord;
      const items = rows.slice(0, query.limit).map((row) => toItem(row));
      const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
      const nextCursor = last ? nextCursorOf(query, mapper.pick(keys)(last)) : null;
      return Object.freeze({ items: Object.freeze(items as TRecord[]), nextCursor });
    },
  });
}

type Row = Record<string, unknown>;
