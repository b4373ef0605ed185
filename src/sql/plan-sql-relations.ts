import type { NormalizedQuery } from 'pagelope/kit';
import { bindRelations, relationPathsOf, type SqlRelation, type SqlRelationPath } from './bind-relations';
import { resolveElsewhere, type ResolveElsewhereOptions } from './resolve-elsewhere';

/** A relation a statement reads natively: bound to a table of the statement's database. */
export interface SqlNativeRelation<TTable> extends SqlRelation<TTable> {
  readonly table: TTable;
}

/** How a statement reads the relations its query uses (see {@link planSqlRelations}). */
export interface SqlRelationsPlan<TTable> {
  /** The query to compile: its relation terms on relations bound elsewhere resolved (see `resolveElsewhere`). */
  readonly query: NormalizedQuery;
  /** The relations read natively, by name. */
  readonly native: ReadonlyMap<string, SqlNativeRelation<TTable>>;
  /** The to-one relation paths of the order (one bound elsewhere has no `table`). */
  readonly paths: readonly SqlRelationPath<TTable>[];
}

/** Options of {@link planSqlRelations}. */
export interface PlanSqlRelationsOptions<TFound, TTable> extends ResolveElsewhereOptions {
  /** The table of a related repository on the statement's database, else `undefined` (it is bound elsewhere). */
  tableOf(repository: unknown): TFound | undefined;
  /** A relation read natively as the statement reads it (its table's shape read, its scope as the table can hold). */
  native(relation: SqlNativeRelation<TFound>): SqlNativeRelation<TTable> | Promise<SqlNativeRelation<TTable>>;
}

/**
 * Binds the relations `query` reads (see `bindRelations`): those `tableOf` finds on the statement's database are read
 * natively (EXISTS subqueries, joined or scalar relation paths), the filter's terms on the others resolved into
 * conditions on the parent's own fields through their repositories (see `resolveElsewhere`); `undefined` when the
 * query reads no relation.
 *
 * @throws Error (a server fault) for a relation the resource lacks, one the call does not bind, or an order path that
 *   is not a field of a to-one relation; HttpError or Error as `resolveElsewhere` does.
 */
export async function planSqlRelations<TFound, TTable>(
  query: NormalizedQuery,
  options: PlanSqlRelationsOptions<TFound, TTable>,
): Promise<SqlRelationsPlan<TTable> | undefined> {
  const bound = bindRelations(query, options.resource, options.bindings, (repository) => options.tableOf(repository));
  if (bound.size === 0) return undefined;
  const relations = new Map<string, SqlRelation<TTable>>();
  const native = new Map<string, SqlNativeRelation<TTable>>();
  for (const [name, relation] of bound) {
    const { table } = relation;
    const read = table === undefined ? undefined : await options.native({ ...relation, table });
    if (read) native.set(name, read);
    relations.set(name, read ?? { ...relation, table: undefined });
  }
  const elsewhere = new Set([...bound.keys()].filter((name) => !native.has(name)));
  return {
    query: elsewhere.size === 0 ? query : await resolveElsewhere(query, elsewhere, options),
    native,
    paths: relationPathsOf(query, relations),
  };
}
