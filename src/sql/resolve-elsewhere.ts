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

/** Options of {@link resolveElsewhere}. */
export interface ResolveElsewhereOptions {
  /** The resource the query lists. */
  readonly resource: Resource;
  /** The call's relation bindings (`ScopeOptions.relations`). */
  readonly bindings: Readonly<Record<string, RelationBinding>> | undefined;
  /**
   * Whether the parent's column of `field` can hold `value` (default yes): a resolved list leaves out the values it
   * cannot (related ids no parent can hold, such as a text id against a uuid column).
   */
  readonly holds?: ((field: string, value: unknown) => boolean) | undefined;
}

/**
 * The query with every relation term on a relation of `elsewhere` replaced by conditions on the parent's own fields
 * (the kit's `resolveRelationTerms`, one term at a time, so that terms on relations read natively stay for the
 * statement's subqueries), their lists without the values the parent's columns cannot hold (see `holds`); the
 * query's own groups kept as its `baseGroups`.
 *
 * @throws HttpError 400 past `RELATED_READ_LIMIT` related records for a term; whatever the related repository throws.
 */
export async function resolveElsewhere(
  query: NormalizedQuery,
  elsewhere: ReadonlySet<string>,
  options: ResolveElsewhereOptions,
): Promise<NormalizedQuery> {
  const { resource, bindings, holds } = options;
  const fit = (condition: Condition): Condition =>
    holds && Array.isArray(condition.value)
      ? { ...condition, value: (condition.value as readonly unknown[]).filter((item) => holds(condition.field, item)) }
      : condition;
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
            resource,
            relations: bindings,
          });
          alternatives = single.groups.map((conditions) => conditions.map((c) => fit(c as Condition)));
          resolved.set(term, alternatives);
        }
      }
      expanded = expanded.flatMap((terms) => alternatives.map((more) => [...terms, ...more]));
    }
    groups.push(...expanded);
  }
  return queryWith(query, { groups: Object.freeze(groups), baseGroups: query.baseGroups ?? query.groups });
}
