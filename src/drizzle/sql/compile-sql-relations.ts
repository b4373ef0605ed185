import {
  relationPathOf,
  type NormalizedQuery,
  type RelationBinding,
  type RelationCondition,
  type Resource,
} from 'pagelope/kit';
import { bindRelations, compileRelation, type SqlRelation } from '../../sql/index';
import { compileSqlWhere } from './compile-sql-where';
import type { SqlRunner } from './sql-runner';
import { SqlStatement } from './sql-statement';
import { sqlTableOn, type SqlTableRef } from './sql-transactions';

/** The relations a statement reads natively: each bound to a SQL repository on the statement's database. */
export type SqlRelations = ReadonlyMap<string, SqlRelation<SqlTableRef>>;

/**
 * The relations `query`'s filter and order read when every one of them is bound to a SQL repository on the database
 * of `root` (so that its terms are `EXISTS` subqueries of the same statement and its paths scalar subqueries), else
 * `undefined` (the kit's `resolveRelationTerms` resolves the terms then). A query that reads no relation has an
 * empty map.
 */
export function nativeRelations(
  query: NormalizedQuery,
  resource: Resource,
  root: SqlRunner,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
): SqlRelations | undefined {
  const relations = bindRelations(query, resource, bindings, (repository) => sqlTableOn(repository, root));
  return [...relations.values()].every((relation) => relation.table) ? relations : undefined;
}

/**
 * Sets the relation compiler of `statement`, a statement on `parent`'s table: each relation term becomes the SQL
 * engine's EXISTS / NOT EXISTS subqueries (`compileRelation`) over the related table under an alias, the related
 * scope and the term's conditions inside; each to-one path a scalar subquery of the related column. A term whose
 * conditions or scope SQL cannot say exactly makes the whole filter `undefined`.
 */
export function useSqlRelations(statement: SqlStatement, parent: SqlTableRef, related: SqlRelations): SqlStatement {
  const { dialect } = statement;
  const parentName = dialect.quoteIdentifier(parent.name);
  /** The related table under `alias`, the condition linking its row to the parent's row, and its scope. */
  const relatedRows = (relation: SqlRelation<SqlTableRef>, table: SqlTableRef, alias: string, outer: SqlStatement) => {
    const inner = outer.on(table.columns, dialect.quoteIdentifier(alias));
    const [relatedField, parentField] = relation.link;
    return {
      inner,
      from: `${dialect.quoteIdentifier(table.name)} AS ${dialect.quoteIdentifier(alias)}`,
      link: () => `${inner.column(relatedField)} = ${outer.on(parent.columns, parentName).column(parentField)}`,
      scope: relation.scope,
      where: (groups: SqlRelation<SqlTableRef>['scope']) => compileSqlWhere(groups, inner),
    };
  };
  statement.paths = (path: string) => {
    const parts = relationPathOf(path);
    const relation = parts && related.get(parts.relation);
    const table = relation?.table;
    const column = parts && table?.columns.get(parts.field);
    if (!parts || !relation || !table || relation.kind !== 'one' || !column) return undefined;
    // Whether the scope is SQL at all is known before any parameter is bound.
    if (compileSqlWhere(relation.scope, new SqlStatement(dialect, table.columns, statement.lower)) === undefined)
      return undefined;
    return {
      column,
      expression: () => {
        const rows = relatedRows(relation, table, '~p', statement);
        const scope = rows.where(rows.scope) as string;
        const where = scope === dialect.always ? rows.link() : `${rows.link()} AND (${scope})`;
        return `(SELECT ${rows.inner.column(parts.field)} FROM ${rows.from} WHERE ${where})`;
      },
    };
  };
  statement.relations = (term: RelationCondition, outer: SqlStatement) => {
    const relation = related.get(term.relation);
    const table = relation?.table;
    return relation && table && compileRelation(term, { dialect, ...relatedRows(relation, table, '~r', outer) });
  };
  return statement;
}
