import {
  compileAfterCursor,
  compileComparator,
  compileQueryPredicate,
  nextCursorOf,
  normalizeCursorInput,
  normalizeListInput,
  ownPageResult,
  exactTotalMeta,
  type PageWithTotal,
  resolveRelationTerms,
  type CursorInput,
  type CursorPage,
  type ListInput,
  type NormalizedQuery,
  type RepositoryPage,
  type Resource,
  type ScopeOptions,
} from 'pagelope/kit';
import { compileKeyset, compileOrder, readCursorPage, readOffsetPage, type SqlPageSource } from '../../sql/index';
import { canOrder } from './can-order';
import { nativeRelations, useSqlRelations, type SqlRelations } from './compile-sql-relations';
import { compileSqlFilter } from './compile-sql-where';
import { readRelationPaths } from './read-relation-paths';
import type { SqlRunner } from './sql-runner';
import type { SqlStatement } from './sql-statement';
import type { Row, SqlTable } from './sql-table';
import type { SqlTableRef } from './sql-transactions';

/** The records of `table` that `query` selects, in its order (to-one paths of the order set on each, see `readRelationPaths`). */
async function selectedInProcess(
  query: NormalizedQuery,
  resource: Resource,
  table: SqlTable,
  runner: SqlRunner,
  options: ScopeOptions<unknown> | undefined,
): Promise<readonly Row[]> {
  const test = compileQueryPredicate(query);
  const matches = (await table.all(runner)).filter((record) => test(record));
  const ordered = [...(await readRelationPaths(matches, query, resource, options?.relations))];
  return ordered.sort(compileComparator(query.order, resource.fields));
}

/**
 * The listing of `query` on `table` as the SQL engine's page readers read it (rows under the fields' names, still as
 * the driver reads them), or `undefined` when SQL cannot say it exactly (an order or a filter `statementOf` cannot).
 */
function pageSourceOf(
  query: NormalizedQuery,
  table: SqlTable,
  runner: SqlRunner,
  statementOf: () => SqlStatement,
): SqlPageSource | undefined {
  const probe = statementOf();
  if (!canOrder(query.order, probe) || compileSqlFilter(query, probe) === undefined) return undefined;
  return {
    dialect: probe.dialect,
    statement() {
      const statement = statementOf();
      return {
        values: statement.values,
        add: (value) => statement.add(value),
        from: () => table.name,
        where: () => compileSqlFilter(query, statement) ?? statement.dialect.never,
        order: (terms) => compileOrder(terms, statement),
        keyset: (terms, values) => compileKeyset(terms, values, statement),
      };
    },
    select: table.selectList,
    table: table.name,
    id: table.idColumn,
    read: (text, values) => runner.all(text, values),
  };
}

/** Page `query.page` of the query in SQL and its total, or `undefined` when SQL cannot say the query exactly. */
async function pageInSql(
  query: NormalizedQuery,
  table: SqlTable,
  runner: SqlRunner,
  statementOf: () => SqlStatement,
): Promise<PageWithTotal<Row> | undefined> {
  const source = pageSourceOf(query, table, runner, statementOf);
  if (!source) return undefined;
  const { rows, meta } = await readOffsetPage(query, source);
  return { rows: rows.map((row) => table.toRecord(row)), meta };
}

/** The `limit + 1` records after the query's cursor in SQL, or `undefined` when SQL cannot say the query exactly. */
async function afterInSql(
  query: NormalizedQuery,
  table: SqlTable,
  runner: SqlRunner,
  statementOf: () => SqlStatement,
): Promise<readonly Row[] | undefined> {
  const source = pageSourceOf(query, table, runner, statementOf);
  return source && (await readCursorPage(query, source)).map((row) => table.toRecord(row));
}

/** Only the selected fields of `record` (the selection names the id first), or the record without the order's paths. */
function itemOf(record: Row, query: NormalizedQuery, resource: Resource): Row {
  const item: Row = {};
  for (const field of query.select ?? resource.fields.keys()) {
    if (Object.hasOwn(record, field)) item[field] = record[field];
  }
  return item;
}

/**
 * `list` and `listByCursor` of a SQL repository, answering as the memory repository does. Relation terms are
 * `EXISTS` subqueries when every relation the filter reads is bound to a SQL repository on the same database, else
 * conditions on the table's own fields through their bindings (the kit's `resolveRelationTerms`); the filter,
 * the search, the order (NULLs last ascending), the keyset of a cursor and the page are one SQL statement, and the
 * total a COUNT when the page does not tell it. A query SQL cannot say exactly (an order by a relation path; a
 * case-insensitive operator or a search on a connection without a `lower` function that folds as `toLowerCase()`)
 * is evaluated in JavaScript over the table's records by the kit's reference predicate and comparator instead.
 */
export function createSqlLists(
  resource: Resource,
  table: SqlTable,
  runner: SqlRunner,
  on: { readonly root: SqlRunner; readonly ref: SqlTableRef },
): {
  list(input?: ListInput<unknown>, options?: ScopeOptions<unknown>): Promise<RepositoryPage<unknown>>;
  listByCursor(input?: CursorInput<unknown>, options?: ScopeOptions<unknown>): Promise<CursorPage<unknown>>;
} {
  /** Statements whose relation terms and paths on `related` are subqueries (absent: the query has none left). */
  const statementsOf = (related?: SqlRelations) => () =>
    useSqlRelations(table.statement(runner), on.ref, related ?? new Map());
  /**
   * `read` of the query in SQL with its relation terms as subqueries when every relation it reads is on this
   * database; else, or when SQL cannot say it so, of the query with its relation terms resolved through their
   * bindings (the kit's `resolveRelationTerms`), in SQL or else `inProcess`.
   */
  const answer = async <T>(
    given: NormalizedQuery,
    options: ScopeOptions<unknown> | undefined,
    read: (query: NormalizedQuery, statements: () => SqlStatement) => Promise<T | undefined>,
    inProcess: (query: NormalizedQuery) => Promise<T>,
  ): Promise<{ readonly query: NormalizedQuery; readonly result: T }> => {
    const related = nativeRelations(given, resource, on.root, options?.relations);
    const native = related ? await read(given, statementsOf(related)) : undefined;
    if (native !== undefined) return { query: given, result: native };
    const query = await resolveRelationTerms(given, { resource, relations: options?.relations });
    const result = (await read(query, statementsOf())) ?? (await inProcess(query));
    return { query, result };
  };
  return {
    async list(input, options) {
      const given = normalizeListInput(input, resource, { scope: options?.scope, relations: options?.relations });
      const { query, result: page } = await answer(
        given,
        options,
        (query, statements) => pageInSql(query, table, runner, statements),
        async (query) => {
          const records = await selectedInProcess(query, resource, table, runner, options);
          const offset = (query.page - 1) * query.limit;
          const rows = records.slice(offset, offset + query.limit);
          return { rows, meta: exactTotalMeta(query, records.length) };
        },
      );
      const items = page.rows.map((record) => itemOf(record, query, resource));
      return ownPageResult(items, page.meta);
    },
    async listByCursor(input, options) {
      const given = normalizeCursorInput(input, resource, { scope: options?.scope, relations: options?.relations });
      const { query, result: page } = await answer(
        given,
        options,
        (query, statements) => afterInSql(query, table, runner, statements),
        async (query) => {
          const records = await selectedInProcess(query, resource, table, runner, options);
          const after = compileAfterCursor(query);
          let start = 0;
          while (start < records.length && !after(records[start] as Row)) start++;
          return records.slice(start, start + query.limit + 1);
        },
      );
      const found = page.length > query.limit ? page[query.limit - 1] : undefined;
      // The next cursor holds the last record's sort key: its relation paths read through their bindings.
      const [last] = found ? await readRelationPaths([found], query, resource, options?.relations) : [];
      const items = page.slice(0, query.limit).map((record) => itemOf(record, query, resource));
      return Object.freeze({ items: Object.freeze(items), nextCursor: last ? nextCursorOf(query, last) : null });
    },
  };
}
