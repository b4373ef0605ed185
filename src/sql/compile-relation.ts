import { compilePredicate, type Condition, type ConditionGroups, type RelationCondition } from 'pagelope/kit';
import type { SqlDialect } from './sql-dialect';

/**
 * What the relation compiler reads of a relation term's related table, inside a statement on the parent table. Each
 * method writes (and binds) anew at each call, in the order the text appears (positional placeholders).
 */
export interface SqlRelationSource {
  readonly dialect: Pick<SqlDialect, 'always'>;
  /** The related table under its subquery alias (`"books" AS "~r"`). */
  readonly from: string;
  /** The condition linking a related row to the statement's parent row (related id = parent's relating field, ...). */
  link(): string;
  /** The related scope, normalized against the related resource (`[[]]`: none; `[]`: it matches no record). */
  readonly scope: ConditionGroups;
  /** Groups of conditions on the related table as SQL (see `compileWhere`), or `undefined` when SQL cannot say them. */
  where(groups: ConditionGroups): string | undefined;
}

/**
 * A relation term as EXISTS / NOT EXISTS subqueries over the related table, the related scope and the term's
 * conditions inside, with the reference's semantics (`compilePredicate`):
 * - to-one: `EXISTS (related row of the parent, in scope, meeting the conditions)`, `OR NOT EXISTS (related row in
 *   scope)` when the conditions (at least one) hold on a record with every field absent (only `isnull` ones);
 * - to-many `any`: `EXISTS (child in scope meeting them)`; `none`: its `NOT EXISTS`; `all`: `EXISTS (child in scope)
 *   AND NOT EXISTS (child in scope where (the conditions) IS NOT TRUE)`, so NULLs fail a child as in the reference.
 * `undefined` when the scope or the conditions are not SQL the source can say.
 */
export function compileRelation(term: RelationCondition, source: SqlRelationSource): string | undefined {
  const exists = (negate: boolean, conditions?: readonly Condition[], failing = false) => {
    const rows = relatedRows(source, conditions, failing);
    return rows === undefined ? undefined : `${negate ? 'NOT EXISTS' : 'EXISTS'} ${rows}`;
  };
  const both = (left: string | undefined, join: string, right: () => string | undefined) => {
    if (left === undefined) return undefined;
    const second = right();
    return second === undefined ? undefined : `${left} ${join} ${second}`;
  };
  const { conditions } = term;
  if (term.kind === 'one') {
    const matching = exists(false, conditions);
    // An empty list tests only for a related record (as the reference does).
    const absentMatches = conditions.length > 0 && compilePredicate([conditions])({});
    return absentMatches ? both(matching, 'OR', () => exists(true)) : matching;
  }
  if (term.match === 'any') return exists(false, conditions);
  if (term.match === 'none') return exists(true, conditions);
  if (conditions.length === 0) return exists(false);
  return both(exists(false), 'AND', () => exists(true, conditions, true));
}

/**
 * `(SELECT 1 FROM related WHERE link AND (scope) AND (conditions))`, the conditions `(...) IS NOT TRUE` when
 * `failing`; `undefined` when the scope or the conditions are not SQL.
 */
function relatedRows(
  source: SqlRelationSource,
  conditions: readonly Condition[] | undefined,
  failing: boolean,
): string | undefined {
  const parts = [source.link()];
  const scope = source.where(source.scope);
  if (scope === undefined) return undefined;
  if (scope !== source.dialect.always) parts.push(`(${scope})`);
  if (conditions && conditions.length > 0) {
    const where = source.where([conditions]);
    if (where === undefined) return undefined;
    parts.push(failing ? `(${where}) IS NOT TRUE` : `(${where})`);
  }
  return `(SELECT 1 FROM ${source.from} WHERE ${parts.join(' AND ')})`;
}
