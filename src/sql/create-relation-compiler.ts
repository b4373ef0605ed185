import type { ConditionGroups, RelationCondition } from 'pagelope/kit';
import { compileRelation } from './compile-relation';
import type { SqlNativeRelation } from './plan-sql-relations';
import type { SqlDialect } from './sql-dialect';

/** How a dialect's statements read a related table inside a statement on the parent table. */
export interface SqlRelatedTables<TTable, TContext> {
  readonly dialect: Pick<SqlDialect, 'always' | 'never' | 'quoteIdentifier'>;
  /** The quoted related table. */
  name(table: TTable): string;
  /** A context on `table`'s columns qualified by `alias` (quoted), binding into the parameters of `outer`. */
  on(table: TTable, alias: string, outer: TContext): TContext;
  /**
   * The condition linking a related row (`inner`) to the statement's parent row, the parent's column qualified by its
   * table (so that it reaches the statement's row from inside a subquery); to-one, the related id equals the parent's
   * relating field; to-many, the related relating field equals the parent's id (see `SqlRelation.link`).
   */
  link(relation: SqlNativeRelation<TTable>, inner: TContext): string;
  /** Groups of conditions as SQL on `context` (see `compileWhere`), or `undefined` when SQL cannot say them. */
  where(groups: ConditionGroups, context: TContext): string | undefined;
}

/** A related table under its alias in a statement on the parent (see {@link relatedRowsOf}). */
export interface SqlRelatedRows<TContext> {
  /** The context on the related table's columns under the alias. */
  readonly inner: TContext;
  /** `"books" AS "~r"`. */
  readonly from: string;
  /**
   * The link AND the related scope, written and bound anew at each call; `undefined` when SQL cannot say the scope.
   */
  condition(): string | undefined;
}

/** The related table of `relation` under `alias` (unquoted) inside a statement of `outer`. */
export function relatedRowsOf<TTable, TContext>(
  relation: SqlNativeRelation<TTable>,
  alias: string,
  outer: TContext,
  tables: SqlRelatedTables<TTable, TContext>,
): SqlRelatedRows<TContext> {
  const quoted = tables.dialect.quoteIdentifier(alias);
  const inner = tables.on(relation.table, quoted, outer);
  return {
    inner,
    from: `${tables.name(relation.table)} AS ${quoted}`,
    condition() {
      const link = tables.link(relation, inner);
      const scope = tables.where(relation.scope, inner);
      if (scope === undefined) return undefined;
      return scope === tables.dialect.always ? link : `${link} AND (${scope})`;
    },
  };
}

/**
 * The relation compiler of a statement on the parent table: each term on a relation of `native` becomes the SQL
 * engine's EXISTS / NOT EXISTS subqueries (`compileRelation`) over the related table under the alias `~r`, the related
 * scope and the term's conditions inside; `undefined` for a term on another relation, or one SQL cannot say.
 */
export function createRelationCompiler<TTable, TContext>(
  native: ReadonlyMap<string, SqlNativeRelation<TTable>>,
  tables: SqlRelatedTables<TTable, TContext>,
): (term: RelationCondition, outer: TContext) => string | undefined {
  return (term, outer) => {
    const relation = native.get(term.relation);
    if (!relation) return undefined;
    const { inner, from } = relatedRowsOf(relation, '~r', outer, tables);
    return compileRelation(term, {
      dialect: tables.dialect,
      from,
      link: () => tables.link(relation, inner),
      scope: relation.scope,
      where: (groups) => tables.where(groups, inner),
    });
  };
}
