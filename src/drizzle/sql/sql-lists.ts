import {
  compileAfterCursor,
  compileComparator,
  compileQueryPredicate,
  nextCursorOf,
  normalizeCursorInput,
  normalizeListInput,
  ownPageResult,
  exactTotalMeta,
  readPageWithTotal,
  type PageMetaInput,
  resolveRelationTerms,
  type CursorInput,
  type CursorPage,
  type ListInput,
  type NormalizedQuery,
  type RepositoryPage,
  type Resource,
  type ScopeOptions,
} from 'pagelope/kit';
import { compileKeyset, compileOrder } from '../../sql/index';
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
 * Page `query.page` of the query in SQL and its total, or `undefined` when SQL cannot say the query exactly. A page
 * shorter than the limit ends the set, so its total is `offset + rows` and no COUNT runs; a full page, or an empty
 * one past the start, runs the COUNT next.
 */
async function pageInSql(
  query: NormalizedQuery,
  table: SqlTable,
  runner: SqlRunner,
  statementOf: () => SqlStatement,
): Promise<SqlPage | undefined> {
  const statement = statementOf();
  if (!canOrder(query.order, statement)) return undefined;
  const where = compileSqlFilter(query, statement);
  if (where === undefined) return undefined;
  if (query.total !== undefined && query.total !== 'exact') return pageWithTotal(query, table, runner, statementOf);
  const { limit } = query;
  const offset = (query.page - 1) * limit;
  const order = compileOrder(query.order, statement);
  const rows = await table.select(
    runner,
    `WHERE ${where} ORDER BY ${order} LIMIT ${statement.add(limit)} OFFSET ${statement.add(offset)}`,
    statement,
  );
  if (rows.length > 0 && rows.length < limit) return { rows, total: offset + rows.length };
  if (rows.length === 0 && offset === 0) return { rows, total: 0 };
  const counting = statementOf();
  return { rows, total: await table.count(runner, compileSqlFilter(query, counting) as string, counting) };
}

/** A page's rows and its total, with the page metadata input where the total mode is not `'exact'`. */
interface SqlPage {
  readonly rows: readonly Row[];
  readonly total: number;
  readonly meta?: PageMetaInput;
}

/**
 * A page in `'none'` or `'estimated'` mode (see the kit's `readPageWithTotal`): `limit + 1` rows, and in
 * `'estimated'` mode the filtered set counted up to the threshold + 1. These stores have no planner estimate that
 * the repository reads, so a total above the threshold is reported as the threshold + 1, with `'approx'`.
 */
async function pageWithTotal(
  query: NormalizedQuery,
  table: SqlTable,
  runner: SqlRunner,
  statementOf: () => SqlStatement,
): Promise<SqlPage> {
  const whereOf = (statement: SqlStatement): string => compileSqlFilter(query, statement) as string;
  const { rows, meta } = await readPageWithTotal(query, {
    readPage: (take, skip) => {
      const statement = statementOf();
      const where = whereOf(statement);
      const order = compileOrder(query.order, statement);
      const clause = `WHERE ${where} ORDER BY ${order} LIMIT ${statement.add(take)} OFFSET ${statement.add(skip)}`;
      return table.select(runner, clause, statement);
    },
    count: () => {
      const statement = statementOf();
      return table.count(runner, whereOf(statement), statement);
    },
    countUpTo: (bound) => {
      const statement = statementOf();
      return table.countUpTo(runner, whereOf(statement), statement, bound);
    },
  });
  return { rows, total: meta.total ?? 0, meta };
}

/** The `limit + 1` records after the query's cursor in SQL, or `undefined` when SQL cannot say the query exactly. */
async function afterInSql(
  query: NormalizedQuery,
  table: SqlTable,
  runner: SqlRunner,
  statementOf: () => SqlStatement,
): Promise<readonly Row[] | undefined> {
  const statement = statementOf();
  if (!canOrder(query.order, statement)) return undefined;
  const where = compileSqlFilter(query, statement);
  if (where === undefined) return undefined;
  const keyset = query.after ? ` AND (${compileKeyset(query.order, query.after, statement)})` : '';
  const order = compileOrder(query.order, statement);
  return table.select(
    runner,
    `WHERE (${where})${keyset} ORDER BY ${order} LIMIT ${statement.add(query.limit + 1)}`,
    statement,
  );
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
          return { rows, total: records.length, meta: exactTotalMeta(query, records.length) };
        },
      );
      const items = page.rows.map((record) => itemOf(record, query, resource));
      return ownPageResult(items, page.meta ?? { total: page.total, page: query.page, limit: query.limit });
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
