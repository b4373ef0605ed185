import type { NormalizedQuery, Repository, ScopeOptions } from 'pagelope/kit';
import {
  compileOrder,
  countByValues,
  createListReads as createSqlListReads,
  readByValues,
  toPageSource,
  type SqlByValuesSource,
  type SqlListing,
  type SqlPageSource,
} from '../sql/index';
import { checkQueryValues, isImpossibleScope } from './check-values';
import { compileWhere } from './compile-where';
import { keyText } from './key-text';
import { compileFilter } from './compile-search';
import type { PostgresRepositoryParts } from './postgres-repository-parts';
import { POSTGRES_READ_DIALECT } from './postgres-read-dialect';
import { planRelations, type RelationPlan } from './relation-plan';
import { bindList, orderSourceOf } from './sql-context';
import { sqlValueProblem } from './sql-values';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import { SqlParams } from './sql-params';
import type { StatementContext } from './statement-context';

/** The list reads of a PostgreSQL repository: `list`, `listByCursor`, `listByValues` and `countByValues`. */
type PostgresListReads<TRecord> = Required<
  Pick<Repository<TRecord>, 'list' | 'listByCursor' | 'listByValues' | 'countByValues'>
>;

/**
 * The listing of `query` as the SQL engine's page readers read it: each statement with fresh parameters on the
 * context, FROM the plan's joins (the table without a plan), `select` and `id` as given.
 */
function pageSourceOf(
  parts: Pick<PostgresRepositoryParts<unknown>, 'table' | 'reads'>,
  query: NormalizedQuery,
  plan: RelationPlan | undefined,
  context: StatementContext,
  columns: { readonly select: string; readonly id: string },
): SqlPageSource {
  const { table, reads } = parts;
  return toPageSource(
    () => {
      const params = new SqlParams();
      const on = { ...context, params };
      return {
        values: params.values,
        add: (value) => params.add(value),
        from: () => (plan ? plan.from(params) : table),
        where: () => compileFilter(query, on),
        order: orderSourceOf(on),
      };
    },
    { dialect: POSTGRES_READ_DIALECT, ...columns, table, read: reads.list },
  );
}

/**
 * The table as the SQL engine's by-value readers read it: values bound as one array of the column's type (those the
 * column cannot hold left out), on the read client, or on the primary for a write's reads (`fresh`).
 */
function byValuesSourceOf<TRecord>(
  parts: PostgresRepositoryParts<TRecord>,
  context: StatementContext,
  options: { readonly fresh?: boolean | undefined },
): SqlByValuesSource {
  const typeOf = (field: string) => context.types.get(field) ?? 'text';
  return {
    resource: parts.generic,
    dialect: POSTGRES_SQL_DIALECT,
    table: parts.table,
    select: context.layout.selectOf(),
    chunk: Infinity,
    holds: (field, value) => sqlValueProblem(typeOf(field), value) === undefined,
    key: (field, value) => keyText(typeOf(field), value),
    impossible: (groups) => isImpossibleScope(groups, context),
    statement() {
      const params = new SqlParams();
      const on = { ...context, params };
      return {
        values: params.values,
        add: (value) => params.add(value),
        column: context.column,
        list: (field, values) => ({ array: bindList(field, values, on) }),
        where: (groups) => compileWhere(groups, on),
        order: (order) => compileOrder(order, orderSourceOf(on)),
      };
    },
    read: options.fresh === true ? parts.run : parts.reads.list,
    toRecord: parts.toRecord,
  };
}

/** The list reads of the repository of `parts`, each on the read client when there is one. */
export function createListReads<TRecord>(parts: PostgresRepositoryParts<TRecord>): PostgresListReads<TRecord> {
  const { contextOf } = parts;
  return {
    ...createSqlListReads<TRecord>(parts.generic, (query, options) => listingOf(parts, query, options)),
    listByValues: async (field, values, options = {}) =>
      (await readByValues(field, values, options, byValuesSourceOf(parts, await contextOf(), options))) as TRecord[],
    countByValues: async (field, values, options = {}) =>
      countByValues(field, values, options, byValuesSourceOf(parts, await contextOf(), options)),
  };
}

/**
 * The listing of `given`: its relations planned (see `planRelations`), its values checked, what it joins of relations
 * bound elsewhere read ahead; `undefined` when the call's scope holds a value its column cannot (no record matches).
 * With a selection only its columns are read, and for a cursor page the order's too (the next cursor holds the last
 * row's sort key), the items keeping only the selected fields; relation paths of the order are read from the joined
 * tables under their own names.
 */
async function listingOf<TRecord>(
  parts: PostgresRepositoryParts<TRecord>,
  given: NormalizedQuery,
  options: ScopeOptions<TRecord> | undefined,
): Promise<SqlListing | undefined> {
  const { idField, idColumn, fields, mapper, toRecord, contextOf, reads, parent } = parts;
  const base = await contextOf();
  const plan = await planRelations(given, parent, options?.relations, base);
  const query = plan?.query ?? given;
  checkQueryValues(query, base, plan?.shapes);
  if (parts.impossibleScope(options, base)) return undefined;
  await plan?.prepare(reads.list);
  const context = plan ? plan.context(base) : base;
  const picked = query.select ?? undefined;
  const keys = query.order.map((term) => term.field).filter((field) => fields.has(field));
  const pageColumns = {
    select: context.layout.selectOf(picked),
    id: plan?.joined ? context.column(idField) : idColumn,
  };
  const cursorColumns = {
    select: [
      context.layout.selectOf(picked ? [...new Set([...picked, ...keys])] : undefined),
      ...(plan?.keySelect ?? []),
    ].join(', '),
    id: '',
  };
  return {
    query,
    source: (cursor) => pageSourceOf(parts, query, plan, context, cursor ? cursorColumns : pageColumns),
    toItem: picked ? mapper.pick(picked) : toRecord,
    keysOf: (last) => ({ ...mapper.pick(keys)(last), ...plan?.keysOf(last) }),
  };
}
