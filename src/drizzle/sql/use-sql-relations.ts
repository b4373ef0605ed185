import { relationPathOf } from 'pagelope/kit';
import { createRelationCompiler, relatedRowsOf, type SqlNativeRelation, type SqlRelatedTables } from '../../sql/index';
import { compileSqlWhere } from './compile-sql-where';
import { SqlStatement } from './sql-statement';
import type { SqlTableRef } from './sql-transactions';

/** The relations a statement reads natively: each bound to a SQL repository on the statement's database. */
export type SqlRelations = ReadonlyMap<string, SqlNativeRelation<SqlTableRef>>;

/**
 * Sets the relation compiler of `statement`, a statement on `parent`'s table: each relation term on `related`
 * becomes the SQL engine's EXISTS / NOT EXISTS subqueries (`createRelationCompiler`), each to-one path a scalar
 * subquery of the related column (the link and the related scope inside). A term whose conditions or scope SQL
 * cannot say exactly makes the whole filter `undefined`, a path whose scope SQL cannot say is not read.
 */
export function useSqlRelations(statement: SqlStatement, parent: SqlTableRef, related: SqlRelations): SqlStatement {
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
  statement.paths = (path: string) => {
    const parts = relationPathOf(path);
    const relation = parts && related.get(parts.relation);
    const column = parts && relation?.table.columns.get(parts.field);
    if (!parts || !relation || relation.kind !== 'one' || !column) return undefined;
    // Whether the scope is SQL at all is known before any parameter is bound.
    if (
      compileSqlWhere(relation.scope, new SqlStatement(dialect, relation.table.columns, statement.lower)) === undefined
    )
      return undefined;
    return {
      column,
      expression: () => {
        const rows = relatedRowsOf(relation, '~p', statement, tables);
        return `(SELECT ${rows.inner.column(parts.field)} FROM ${rows.from} WHERE ${rows.condition() ?? dialect.never})`;
      },
    };
  };
  statement.relations = createRelationCompiler(related, tables);
  return statement;
}
