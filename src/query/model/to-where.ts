import { type Condition, type ConditionGroups, type FilterTerm, isRelationCondition } from './normalized-query';
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
export function toWhere(groups: ConditionGroups): Where<Record<string, unknown>> {
  if (groups.length === 1) return whereOf(groups[0] ?? []);
  return Object.freeze(groups.map(whereOf)) as Where<Record<string, unknown>>;
}

/**
 * The frozen clause of one AND-group. A to-one relation term becomes `{ relation: clause }`, a to-many one
 * `{ relation: { any | all | none: clause } }`; when a group has two terms of one quantifier on the same relation (a
 * top-level one and an OR group's own), that quantifier holds the list of their clauses, each its own test.
 */
function whereOf(terms: readonly FilterTerm[]): Where<Record<string, unknown>> {
  const conditions: Condition[] = [];
  const related: Record<string, Record<string, unknown>> = {};
  for (const term of terms) {
    if (!isRelationCondition(term)) {
      conditions.push(term);
      continue;
    }
    const clause = whereOf(term.conditions) as Record<string, unknown>;
    if (term.kind === 'one') {
      // Two to-one terms of a group test the same related record: their clauses merge, operator by operator.
      const earlier = related[term.relation] ?? {};
      const merged: Record<string, unknown> = { ...earlier };
      for (const key in clause) {
        const before = earlier[key];
        merged[key] =
          before === undefined ? clause[key] : Object.freeze({ ...(before as object), ...(clause[key] as object) });
      }
      related[term.relation] = Object.freeze(merged);
      continue;
    }
    const quantifiers = (related[term.relation] ??= {});
    const earlier = quantifiers[term.match];
    quantifiers[term.match] =
      earlier === undefined ? clause : Object.freeze([...(Array.isArray(earlier) ? earlier : [earlier]), clause]);
  }
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
  for (const name in related) where[name] = Object.freeze(related[name] ?? {});
  return Object.freeze(where);
}
