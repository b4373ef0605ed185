import { normalizeScope, type NormalizedQuery, type RelationBinding, type Resource } from 'pagelope/kit';
import { checkQueryValues, isImpossibleScope } from './check-column-values';
import type { SqlContextCompilers } from './create-context-compilers';
import type { SqlListingOf } from './create-list-reads';
import type { SqlRecordMapper } from './create-record-mapper';
import type { SqlJoinedPlan } from './plan-joined-relations';
import type { SqlReadDialect } from './read-dialect';
import type { SqlPageSource } from './read-offset-page';
import type { SqlRecordRun } from './read-record';
import type { SqlParamList, SqlStatementContext } from './sql-context';
import { toPageSource } from './to-page-source';
import { typedColumnKinds } from './typed-column-kinds';
import type { SqlTypedDialect } from './typed-dialect';

/** Options of {@link createTypedListing}: a typed dialect's table, its statements' contexts and its relation plan. */
export interface SqlTypedListingOptions {
  readonly resource: Resource;
  readonly dialect: SqlTypedDialect & SqlReadDialect;
  /** The dialect's compilers of statements on a context (`createContextCompilers(dialect)`). */
  readonly compilers: Pick<SqlContextCompilers, 'compileFilter' | 'orderSourceOf'>;
  /** The quoted table, and its quoted id column. */
  readonly table: string;
  readonly idColumn: string;
  readonly mapper: SqlRecordMapper;
  /** The context of a new statement (the catalog read first, once). */
  contextOf(): Promise<SqlStatementContext>;
  /** Runs the listing's statements: on the read client when there is one. */
  readonly read: SqlRecordRun;
  /** The relations a query reads, planned on `base` (see `planJoinedRelations`); `undefined` when it reads none. */
  plan(
    query: NormalizedQuery,
    bindings: Readonly<Record<string, RelationBinding>> | undefined,
    base: SqlStatementContext,
  ): Promise<SqlJoinedPlan | undefined>;
  /** Fresh bind parameters. */
  params(): SqlParamList;
}

/** The page source of one listing: each statement with fresh parameters on `context`, FROM the plan's joins. */
function pageSourceOf(
  options: SqlTypedListingOptions,
  query: NormalizedQuery,
  plan: SqlJoinedPlan | undefined,
  context: SqlStatementContext,
  columns: { readonly select: string; readonly id: string },
): SqlPageSource {
  const { table, compilers } = options;
  return toPageSource(
    () => {
      const params = options.params();
      const on = { ...context, params };
      return {
        values: params.values,
        add: (value) => params.add(value),
        from: () => (plan ? plan.from(params) : table),
        where: () => compilers.compileFilter(query, on),
        order: compilers.orderSourceOf(on),
      };
    },
    { dialect: options.dialect, ...columns, table, read: options.read },
  );
}

/**
 * The listings of a typed dialect's table for the SQL engine's `createListReads`: a query's relations planned, its
 * values checked against the columns' kinds, what it joins of relations bound elsewhere read ahead; none when the
 * call's scope holds a value its column cannot (no record matches). With a selection only its columns are read, and
 * for a cursor page the order's too (the next cursor holds the last row's sort key), the items keeping only the
 * selected fields; relation paths of the order are read from the joined tables under their own names.
 */
export function createTypedListing<TRecord>(options: SqlTypedListingOptions): SqlListingOf<TRecord> {
  const { resource, dialect, mapper } = options;
  const { idField, fields } = resource;
  return async (given, call) => {
    const base = await options.contextOf();
    const plan = await options.plan(given, call?.relations, base);
    const query = plan?.query ?? given;
    const related = [...(plan?.shapes ?? [])].map(
      ([relation, shape]) => [relation, typedColumnKinds(dialect, shape)] as const,
    );
    const kinds = typedColumnKinds(dialect, base);
    checkQueryValues(query, kinds, new Map(related));
    // A scope holding a value its column cannot hold matches no record.
    if (call?.scope != null && isImpossibleScope(normalizeScope(call.scope, resource), kinds)) return undefined;
    await plan?.prepare(options.read);
    const context = plan ? plan.context(base) : base;
    const picked = query.select ?? undefined;
    const keys = query.order.map((term) => term.field).filter((field) => fields.has(field));
    const pageColumns = {
      select: context.layout.selectOf(picked),
      id: plan?.joined ? context.column(idField) : options.idColumn,
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
      source: (cursor) => pageSourceOf(options, query, plan, context, cursor ? cursorColumns : pageColumns),
      toItem: picked ? mapper.pick(picked) : mapper.toRecord,
      keysOf: (last) => ({ ...mapper.pick(keys)(last), ...plan?.keysOf(last) }),
    };
  };
}
