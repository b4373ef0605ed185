import {
  isRelationCondition,
  queryWith,
  resolveRelationTerms,
  type Condition,
  type FilterTerm,
  type NormalizedQuery,
  type RelationBinding,
  type Resource,
} from 'pagelope/kit';
import { conditionProblem } from './check-values';
import type { TableShape } from './table-catalog';

/**
 * The query with every relation term on a relation of `elsewhere` replaced by conditions on the parent's own fields
 * (the kit's `resolveRelationTerms`, one term at a time, so that terms on native relations stay for the subqueries),
 * the values of those conditions that the parent's columns cannot hold left out (no row holds them).
 */
export async function resolveElsewhere(
  query: NormalizedQuery,
  elsewhere: ReadonlySet<string>,
  parent: { readonly resource: Resource },
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
  shape: TableShape,
): Promise<NormalizedQuery> {
  const resolved = new Map<FilterTerm, readonly (readonly FilterTerm[])[]>();
  const groups: (readonly FilterTerm[])[] = [];
  for (const group of query.groups) {
    let expanded: (readonly FilterTerm[])[] = [[]];
    for (const term of group) {
      let alternatives: readonly (readonly FilterTerm[])[] = [[term]];
      if (isRelationCondition(term) && elsewhere.has(term.relation)) {
        alternatives = resolved.get(term) ?? [];
        if (!resolved.has(term)) {
          const single = await resolveRelationTerms(queryWith(query, { groups: [[term]] }), {
            resource: parent.resource,
            relations: bindings,
          });
          alternatives = single.groups.map((conditions) => conditions.map((c) => fitted(c as Condition, shape)));
          resolved.set(term, alternatives);
        }
      }
      expanded = expanded.flatMap((terms) => alternatives.map((more) => [...terms, ...more]));
    }
    groups.push(...expanded);
  }
  return queryWith(query, { groups: Object.freeze(groups), baseGroups: query.baseGroups ?? query.groups });
}

/** A resolved condition without the list values its column cannot hold (`in`/`notin` of related ids). */
function fitted(condition: Condition, shape: TableShape): Condition {
  if (!Array.isArray(condition.value) || conditionProblem(condition, shape) === undefined) return condition;
  const value = (condition.value as readonly unknown[]).filter(
    (item) => conditionProblem({ ...condition, value: [item] }, shape) === undefined,
  );
  return { ...condition, value };
}
