import type { ConditionGroups } from 'pagelope/kit';
import { compileWhere as compileSqlWhere } from '../sql/index';
import { whereSourceOf, type SqlContext } from './sql-context';

/**
 * An OR of AND-groups of validated conditions as a SQL boolean expression with bind parameters: the SQL engine's
 * `compileWhere` over the context (see `whereSourceOf`). Identifiers come from the resource definition; every value
 * is a parameter bound as its column's type (lists as an array of it). Values are checked beforehand
 * (`checkQueryValues`); relation terms go to the context's relation compiler (EXISTS subqueries, see
 * `related-tables.ts`).
 *
 * @throws Error (a server fault) for a relation term in a statement that binds no relation.
 */
export function compileWhere(groups: ConditionGroups, context: SqlContext): string {
  const sql = compileSqlWhere(groups, whereSourceOf(context));
  // PostgreSQL says every condition (its source matches and folds any text): never reached.
  if (sql === undefined) throw new Error('a condition PostgreSQL cannot say');
  return sql;
}
