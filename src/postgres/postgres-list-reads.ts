import type { NormalizedQuery, Repository, ScopeOptions } from 'pagelope/kit';
import {
  createByValuesReads,
  createListReads as createSqlListReads,
  toPageSource,
  type SqlListing,
  type SqlPageSource,
} from '../sql/index';
import { checkQueryValues } from './check-values';
import type { PostgresRepositoryParts } from './postgres-repository-parts';
import { POSTGRES_READ_DIALECT } from './postgres-read-dialect';
import { planRelations, type RelationPlan } from './relation-plan';
import { compileFilter, orderSourceOf } from './sql-context';
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

/** The list reads of the repository of `parts`, each on the read client when there is one. */
export function createListReads<TRecord>(parts: PostgresRepositoryParts<TRecord>): PostgresListReads<TRecord> {
  return {
    ...createSqlListReads<TRecord>(parts.generic, (query, options) => listingOf(parts, query, options)),
    // Values bound as one array of the column's type (`= ANY($1)`), on the primary for a write's reads (`fresh`).
    ...createByValuesReads<TRecord>((fresh) => ({ ...parts.record, read: fresh ? parts.run : parts.reads.list })),
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
