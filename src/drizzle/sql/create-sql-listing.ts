import {
  compileComparator,
  compileQueryPredicate,
  resolveRelationTerms,
  type NormalizedQuery,
  type Resource,
  type ScopeOptions,
} from 'pagelope/kit';
import {
  checkQueryValues,
  planSqlRelations,
  toPageSource,
  type SqlListing,
  type SqlListingOf,
  type SqlPageSource,
  type SqlColumnKinds,
  type SqlRelationsPlan,
} from '../../sql/index';
import { canOrder } from './can-order';
import { compileSqlFilter } from './compile-sql-where';
import { readRelationPaths } from './read-relation-paths';
import type { SqlColumn } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';
import type { SqlStatement } from './sql-statement';
import type { Row, SqlTable } from './sql-table';
import { sqlTableOn, type SqlTableRef } from './sql-transactions';
import { useSqlRelations } from './use-sql-relations';

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
  const listStatementOf = () => {
    const statement = statementOf();
    return {
      values: statement.values,
      add: (value: unknown) => statement.add(value),
      from: () => table.name,
      where: () => compileSqlFilter(query, statement) ?? statement.dialect.never,
      order: statement,
    };
  };
  return toPageSource(listStatementOf, {
    dialect: probe.dialect,
    select: table.selectList,
    table: table.name,
    id: table.idColumn,
    read: (text, values) => runner.all(text, values),
  });
}

/** The kinds of the fields of a table whose columns are `columns` (see `SqlColumn.kind`). */
const kindsOf =
  (columns: ReadonlyMap<string, SqlColumn>): SqlColumnKinds =>
  (field) =>
    columns.get(field)?.kind?.();

/**
 * Checks the values `query` binds against their columns' kinds before any SQL runs, as PostgreSQL's repository does:
 * the filter's (and its relation terms' on the relations `plan` reads natively, against the related table's
 * columns) and the cursor's.
 *
 * @throws HttpError 400 of `checkQueryValues`, a message per value its column cannot hold.
 */
function checkValues(
  query: NormalizedQuery,
  columns: ReadonlyMap<string, SqlColumn>,
  plan?: SqlRelationsPlan<SqlTableRef>,
) {
  const related = [...(plan?.native ?? [])].map(([name, relation]) => [name, kindsOf(relation.table.columns)] as const);
  checkQueryValues(query, kindsOf(columns), new Map(related));
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
 * The listing of a query on `table` for the SQL engine's `createListReads` (`list` and `listByCursor`, answering as
 * the memory repository does). Relation terms are `EXISTS` subqueries on a relation bound to a SQL repository on the
 * same database, else conditions on the table's own fields through their bindings (the SQL engine's
 * `planSqlRelations`; all of them when SQL cannot say the query, by the kit's `resolveRelationTerms`); the filter,
 * the search, the order (NULLs last ascending), the keyset of a cursor and the page are one SQL statement, and the
 * total a COUNT when the page does not tell it. A query SQL cannot say exactly (an order by a relation path bound
 * elsewhere; a case-insensitive operator or a search on a connection without a `lower` function that folds as
 * `toLowerCase()`) is evaluated in JavaScript over the table's records by the kit's reference predicate and
 * comparator instead.
 */
export function createSqlListing(
  resource: Resource,
  table: SqlTable,
  runner: SqlRunner,
  on: { readonly root: SqlRunner; readonly ref: SqlTableRef },
): SqlListingOf<unknown> {
  /** Statements whose relation terms and paths `plan` reads natively are subqueries (absent: the query has none left). */
  const statementsOf = (plan?: SqlRelationsPlan<SqlTableRef>) => () =>
    useSqlRelations(table.statement(runner), on.ref, plan);
  /** The listing of `query`, read by `source` (rows as the driver reads them) or else in the process (records). */
  const listingOf = (
    query: NormalizedQuery,
    options: ScopeOptions<unknown> | undefined,
    source: SqlPageSource | undefined,
  ): SqlListing => {
    const toRecord = source ? (row: Row) => table.toRecord(row) : (record: Row) => record;
    return {
      query,
      source: () => source,
      matching: () => selectedInProcess(query, resource, table, runner, options),
      toItem: (row) => itemOf(toRecord(row), query, resource),
      // The next cursor holds the last record's sort key: its relation paths read through their bindings.
      keysOf: async (row) => {
        const [last] = await readRelationPaths([toRecord(row)], query, resource, options?.relations);
        return last ?? row;
      },
    };
  };
  return async (given, options) => {
    const plan = await planSqlRelations(given, {
      resource,
      bindings: options?.relations,
      tableOf: (repository) => sqlTableOn(repository, on.root),
      native: (relation) => relation,
    });
    const query = plan?.query ?? given;
    checkValues(query, on.ref.columns, plan);
    const native = pageSourceOf(query, table, runner, statementsOf(plan));
    if (native) return listingOf(query, options, native);
    const resolved = await resolveRelationTerms(query, { resource, relations: options?.relations });
    return listingOf(resolved, options, pageSourceOf(resolved, table, runner, statementsOf()));
  };
}
