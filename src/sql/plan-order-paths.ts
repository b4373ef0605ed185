import type { SqlRelation, SqlRelationPath } from './bind-relations';
import { relatedRowsOf, type SqlRelatedTables } from './create-relation-compiler';
import type { SqlNativeRelation } from './plan-sql-relations';
import { readRelated } from './read-related';

/**
 * What a statement reads of one to-one relation its order's paths name: the related table under `alias` (a relation
 * bound natively: a LEFT JOIN or a scalar subquery, see {@link relatedJoinSql} and {@link relatedValueSql}), or the
 * related values read ahead through its repository (one bound elsewhere, see {@link readPathValues}).
 */
export interface SqlPathRead<TTable> {
  readonly relation: SqlRelation<TTable>;
  /** Unquoted, one per relation in the order's order: `~j1`, `~j2`, ... natively, `~f1`, ... elsewhere. */
  readonly alias: string;
  /** The related fields the order reads of it, in the order's order. */
  readonly fields: readonly string[];
}

/** A to-one relation path of an order (see `relationPathsOf`), with the read of its relation. */
export interface SqlOrderPath<TTable> extends SqlRelationPath<TTable> {
  readonly read: SqlPathRead<TTable>;
  /** The index of the path's field in `read.fields`. */
  readonly slot: number;
}

/**
 * The order's to-one relation paths (see `relationPathsOf`), one {@link SqlPathRead} per relation they name, so
 * that two paths of one relation read it once.
 */
export function planOrderPaths<TTable>(paths: readonly SqlRelationPath<TTable>[]): readonly SqlOrderPath<TTable>[] {
  const reads = new Map<string, { relation: SqlRelation<TTable>; alias: string; fields: string[] }>();
  return paths.map((path) => {
    const { relation, field } = path;
    let read = reads.get(relation.name);
    if (!read) {
      const prefix = relation.table === undefined ? '~f' : '~j';
      read = { relation, alias: `${prefix}${String(reads.size + 1)}`, fields: [] };
      reads.set(relation.name, read);
    }
    read.fields.push(field);
    return { ...path, read, slot: read.fields.length - 1 };
  });
}

/** The reads of `paths`, each once, in the order's order. */
export function pathReadsOf<TTable>(paths: readonly SqlOrderPath<TTable>[]): readonly SqlPathRead<TTable>[] {
  return [...new Set(paths.map((path) => path.read))];
}

/**
 * ` LEFT JOIN related AS "~j1" ON link AND (scope)` (`ON <never>` for a scope SQL cannot say): the related record
 * of each parent row, in scope, beside it (NULL columns without one). What a dialect whose planner serves the
 * join (PostgreSQL) reads a relation path from; the related id is unique, so the join keeps one row per parent.
 */
export function relatedJoinSql<TTable, TContext>(
  relation: SqlNativeRelation<TTable>,
  alias: string,
  outer: TContext,
  tables: SqlRelatedTables<TTable, TContext>,
): string {
  const rows = relatedRowsOf(relation, alias, outer, tables);
  return ` LEFT JOIN ${rows.from} ON ${rows.condition() ?? tables.dialect.never}`;
}

/**
 * `(SELECT alias.column FROM related AS alias WHERE link AND (scope))`: the related record's `field` of the
 * statement's row as a scalar subquery, written and bound anew at each call (NULL without a related record in
 * scope). What a dialect without the join reads a relation path from.
 */
export function relatedValueSql<TTable, TContext extends { column(field: string): string }>(
  relation: SqlNativeRelation<TTable>,
  field: string,
  outer: TContext,
  tables: SqlRelatedTables<TTable, TContext>,
): string {
  const rows = relatedRowsOf(relation, '~p', outer, tables);
  return `(SELECT ${rows.inner.column(field)} FROM ${rows.from} WHERE ${rows.condition() ?? tables.dialect.never})`;
}

/**
 * The related records of `read` for the parents' relating `values` (see `readRelated`: through the bound
 * repository, within the binding's scope), by `keyOf` their id: each as its id and its values of `read.fields`
 * (`null` for an absent one).
 *
 * @throws Error or HttpError as the related repository does.
 */
export async function readPathValues(
  read: SqlPathRead<unknown>,
  values: readonly unknown[],
): Promise<ReadonlyMap<unknown, { readonly id: unknown; readonly values: readonly unknown[] }>> {
  const { relation, fields } = read;
  const related = await readRelated(relation, values);
  const byId = new Map<unknown, { readonly id: unknown; readonly values: readonly unknown[] }>();
  for (const [key, record] of related) {
    byId.set(key, { id: record[relation.resource.idField], values: fields.map((field) => record[field] ?? null) });
  }
  return byId;
}
