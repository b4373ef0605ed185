import {
  createRelationCompiler,
  relatedValueSql,
  planOrderPaths,
  type SqlNativeRelation,
  type SqlRelatedTables,
  type SqlRelationsPlan,
} from '../../sql/index';
import { compileSqlWhere } from './compile-sql-where';
import { SqlStatement } from './sql-statement';
import type { SqlTableRef } from './sql-transactions';

/** The relations a statement reads natively: each bound to a SQL repository on the statement's database. */
type SqlRelations = ReadonlyMap<string, SqlNativeRelation<SqlTableRef>>;

/**
 * Sets the relation compiler of `statement`, a statement on `parent`'s table: each relation term on a relation `plan`
 * reads natively becomes the SQL engine's EXISTS / NOT EXISTS subqueries (`createRelationCompiler`), each path of
 * the order on one a scalar subquery of the related column (`relatedValueSql`: the link and the related scope
 * inside); without a plan, none. A term whose conditions or scope SQL cannot say exactly makes the whole filter `undefined`, a path whose
 * scope SQL cannot say is not read.
 */
export function useSqlRelations(
  statement: SqlStatement,
  parent: SqlTableRef,
  plan: Pick<SqlRelationsPlan<SqlTableRef>, 'native' | 'paths'> | undefined,
): SqlStatement {
  const related: SqlRelations = plan?.native ?? new Map();
  const { dialect } = statement;
  const parentName = dialect.quoteIdentifier(parent.name);
  const tables: SqlRelatedTables<SqlTableRef, SqlStatement> = {
    dialect,
    name: (table) => dialect.quoteIdentifier(table.name),
    on: (table, alias, outer) => outer.on(table.columns, alias),
    link: ({ link: [relatedField, parentField] }, inner) =>
      `${inner.column(relatedField)} = ${inner.on(parent.columns, parentName).column(parentField)}`,
    where: (groups, context) => compileSqlWhere(groups, context),
  };
  const byPath = new Map(planOrderPaths(plan?.paths ?? []).map((path) => [path.path, path]));
  statement.paths = (name: string) => {
    const path = byPath.get(name);
    const relation = path && related.get(path.relation.name);
    const column = path && relation?.table.columns.get(path.field);
    if (!path || !relation || !column) return undefined;
    // Whether the scope is SQL at all is known before any parameter is bound.
    if (
      compileSqlWhere(relation.scope, new SqlStatement(dialect, relation.table.columns, statement.lower)) === undefined
    )
      return undefined;
    return { column, expression: () => relatedValueSql(relation, path.field, statement, tables) };
  };
  statement.relations = createRelationCompiler(related, tables);
  return statement;
}
