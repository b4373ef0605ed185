import { normalizeScope, type NormalizedQuery, type ScopeOptions } from 'pagelope/kit';
import { checkQueryValues, isImpossibleScope, toPageSource, type SqlListing, type SqlPageSource } from '../sql/index';
import type { PostgresRepositoryParts } from './postgres-repository-parts';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import { planRelations, type RelationPlan } from './relation-plan';
import { compileFilter, orderSourceOf } from './sql-context';
import { SqlParams } from './sql-params';
import { kindsOf } from './sql-values';
import type { StatementContext } from './statement-context';

/**
 * The listing of `query` as the SQL engine's page readers read it: each statement with fresh parameters on the
 * context, FROM the plan's joins (the table without a plan), `select` and `id` as given, on the read client when there
 * is one.
 */
function pageSourceOf(
  parts: Pick<PostgresRepositoryParts<unknown>, 'table' | 'listRun'>,
  query: NormalizedQuery,
  plan: RelationPlan | undefined,
  context: StatementContext,
  columns: { readonly select: string; readonly id: string },
): SqlPageSource {
  const { table, listRun } = parts;
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
    { dialect: POSTGRES_SQL_DIALECT, ...columns, table, read: listRun },
  );
}

/**
 * The listing of `given` for the SQL engine's `createListReads`: its relations planned (see `planRelations`), its
 * values checked, what it joins of relations bound elsewhere read ahead; `undefined` when the call's scope holds a
 * value its column cannot (no record matches). With a selection only its columns are read, and for a cursor page the
 * order's too (the next cursor holds the last row's sort key), the items keeping only the selected fields; relation
 * paths of the order are read from the joined tables under their own names.
 */
export async function listingOf<TRecord>(
  parts: PostgresRepositoryParts<TRecord>,
  given: NormalizedQuery,
  options: ScopeOptions<TRecord> | undefined,
): Promise<SqlListing | undefined> {
  const { idField, idColumn, fields, mapper, contextOf, listRun, parent } = parts;
  const base = await contextOf();
  const plan = await planRelations(given, parent, options?.relations, base);
  const query = plan?.query ?? given;
  const related = [...(plan?.shapes ?? [])].map(([relation, shape]) => [relation, kindsOf(shape)] as const);
  checkQueryValues(query, kindsOf(base), new Map(related));
  // A scope holding a value its column cannot hold matches no record.
  if (options?.scope != null && isImpossibleScope(normalizeScope(options.scope, parts.generic), kindsOf(base))) return;
  await plan?.prepare(listRun);
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
    toItem: picked ? mapper.pick(picked) : mapper.toRecord,
    keysOf: (last) => ({ ...mapper.pick(keys)(last), ...plan?.keysOf(last) }),
  };
}
