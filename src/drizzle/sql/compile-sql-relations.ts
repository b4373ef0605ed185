import {
  isRelationCondition,
  relationPathOf,
  resolveRelations,
  type NormalizedQuery,
  type RelationBinding,
  type RelationCondition,
} from 'pagelope/kit';
import { compileRelation } from '../../sql/index';
import { compileSqlWhere } from './compile-sql-where';
import type { SqlRunner } from './sql-runner';
import { SqlStatement } from './sql-statement';
import { sqlTableOn, type SqlTableRef } from './sql-transactions';

/** The alias of the related table inside a relation subquery (no plain table name is spelt so). */
const ALIAS = '~r';

/**
 * The related tables of the relations `query`'s filter and order read when every one of them is bound to a SQL
 * repository on the database of `root` (so that its terms are `EXISTS` subqueries of the same statement and its
 * paths scalar subqueries), else `undefined` (the kit's `resolveRelationTerms` resolves the terms then). A query
 * that reads no relation has an empty map.
 */
export function nativeRelations(
  query: NormalizedQuery,
  root: SqlRunner,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
): ReadonlyMap<string, SqlTableRef> | undefined {
  const names = new Set<string>();
  for (const group of query.groups) for (const term of group) if (isRelationCondition(term)) names.add(term.relation);
  for (const term of query.order) {
    const path = relationPathOf(term.field);
    if (path) names.add(path.relation);
  }
  const tables = new Map<string, SqlTableRef>();
  for (const name of names) {
    const binding = bindings && Object.hasOwn(bindings, name) ? bindings[name] : undefined;
    const table = binding ? sqlTableOn(binding.repository, root) : undefined;
    if (!table) return undefined;
    tables.set(name, table);
  }
  return tables;
}

/**
 * Sets the relation compiler of `statement`, a statement on `parent`'s table: each relation term becomes the SQL
 * engine's EXISTS / NOT EXISTS subqueries (`compileRelation`) over the related table under an alias, the related
 * scope (`query.relationScopes`) and the term's conditions inside. A term whose conditions or scope SQL cannot say
 * exactly makes the whole filter `undefined`.
 */
export function useSqlRelations(
  statement: SqlStatement,
  parent: SqlTableRef,
  related: ReadonlyMap<string, SqlTableRef>,
  query: NormalizedQuery,
): SqlStatement {
  const { dialect } = statement;
  const parentName = dialect.quoteIdentifier(parent.name);
  const alias = dialect.quoteIdentifier(ALIAS);
  const relations = resolveRelations(parent.resource);
  const pathAlias = dialect.quoteIdentifier('~p');
  statement.paths = (path: string) => {
    const parts = relationPathOf(path);
    const table = parts && related.get(parts.relation);
    const relation = parts && relations.get(parts.relation);
    const column = parts && table?.columns.get(parts.field);
    if (!parts || !table || !relation || relation.kind !== 'one' || !column) return undefined;
    const scope = query.relationScopes?.get(parts.relation) ?? [[]];
    // Whether the scope is SQL at all is known before any parameter is bound.
    if (compileSqlWhere(scope, new SqlStatement(dialect, table.columns, statement.lower)) === undefined)
      return undefined;
    return {
      column,
      expression: () => {
        const inner = statement.on(table.columns, pathAlias);
        const link = `${inner.column(table.resource.idField)} = ${statement.on(parent.columns, parentName).column(relation.field)}`;
        const inScope = compileSqlWhere(scope, inner) as string;
        const where = inScope === '1 = 1' ? link : `${link} AND (${inScope})`;
        return `(SELECT ${inner.column(parts.field)} FROM ${dialect.quoteIdentifier(table.name)} AS ${pathAlias} WHERE ${where})`;
      },
    };
  };
  statement.relations = (term: RelationCondition, outer: SqlStatement) => {
    const table = related.get(term.relation);
    const relation = relations.get(term.relation);
    if (!table || !relation) return undefined;
    const inner = outer.on(table.columns, alias);
    const atParent = outer.on(parent.columns, parentName);
    const [relatedField, parentField] =
      relation.kind === 'one' ? [table.resource.idField, relation.field] : [relation.field, parent.resource.idField];
    return compileRelation(term, {
      dialect,
      from: `${dialect.quoteIdentifier(table.name)} AS ${alias}`,
      link: () => `${inner.column(relatedField)} = ${atParent.column(parentField)}`,
      scope: query.relationScopes?.get(term.relation) ?? [[]],
      where: (groups) => compileSqlWhere(groups, inner),
    });
  };
  return statement;
}
