import type { Condition } from './normalized-query';
import type { Where } from './types';

/**
 * Builds the public, frozen `where` of validated AND-groups of conditions, in the programmatic form that `list`
 * accepts: one clause, or an array of clauses (their OR) when there are several. Values of case-insensitive
 * operators appear lower-cased, which matches the same records. `parseListQuery` and `parseCursorQuery` give their
 * queries' `where` through it.
 *
 * @example
 * toWhere([[{ field: 'age', op: 'gte', value: 18, def }]]); // { age: { gte: 18 } }
 */
export function toWhere(groups: readonly (readonly Condition[])[]): Where<Record<string, unknown>> {
  if (groups.length === 1) return whereOf(groups[0] ?? []);
  return Object.freeze(groups.map(whereOf)) as Where<Record<string, unknown>>;
}

/** The frozen clause of one AND-group. */
function whereOf(conditions: readonly Condition[]): Where<Record<string, unknown>> {
  // Keys are the resource's own field names and the operator table's names, never client text: defineResource
  // rejects field names such as `__proto__`, `constructor` or `toString`, so plain assignment cannot reach
  // Object.prototype.
  const where: Record<string, Record<string, unknown>> = {};
  let field: string | undefined;
  let ops: Record<string, unknown> = where;
  for (const condition of conditions) {
    if (condition.field !== field) {
      field = condition.field;
      // A field's conditions are adjacent, except in an OR group that adds its own to the top-level ones.
      ops = where[field] ??= {};
    }
    ops[condition.op] = condition.value;
  }
  for (const key in where) Object.freeze(where[key]);
  return Object.freeze(where);
}
