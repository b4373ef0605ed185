import { resolveRelations, type ResolvedRelation, type Resource } from '../../resource/index';
import type { FieldDef, OperatorName } from '../../fields/index';

/**
 * A filterable field as the HTTP parser needs it: its definition and the operators clients may use on it. A
 * relation path (`author.fullName`) is an entry too, with the related field's definition and its relation.
 */
export interface FilterEntry {
  /** The field's name, or the relation path as clients write it. */
  readonly name: string;
  /** The field's definition (for a relation path, the related field's). */
  readonly def: FieldDef;
  /** The relation of a relation path; undefined for a field of the resource. */
  readonly relation?: ResolvedRelation | undefined;
  readonly allowed: ReadonlySet<OperatorName>;
  /**
   * The field's parameter names as messages quote them: `field[operator]`, `field[value]`, `field[values]`, and
   * `field[<op>]` per operator (made once per resource, so a request builds none).
   */
  readonly names: ParamNames;
}

/** How messages name a field's parameters: `age[operator]`, or `or[0][age][operator]` inside a group. */
export interface ParamNames {
  readonly operator: string;
  readonly value: string;
  readonly values: string;
  /** `field[<op>]`, for any operator text (an unknown one included, as its message quotes it). */
  shorthand(op: string): string;
}

/** What the HTTP parser looks up per request, computed once per resource. */
export interface FilterPlan {
  /** Filterable field name or relation path to its entry: one map lookup per filter parameter. */
  readonly fields: ReadonlyMap<string, FilterEntry>;
  /** The relations clients may filter through (those with a filterable path), by name: for `<relation>[match]`. */
  readonly relations: ReadonlyMap<string, ResolvedRelation>;
}

const plans = new WeakMap<Resource, FilterPlan>();
/** The plan used last: most services parse for one resource again and again. Holds one resource alive at most. */
let last: { readonly resource: Resource | undefined; readonly plan: FilterPlan } = {
  resource: undefined,
  plan: Object.freeze({ fields: new Map(), relations: new Map() }),
};

/** The resource's {@link FilterPlan}, built on first use and cached (resources are frozen, so it never goes stale). */
export function filterPlanOf(resource: Resource): FilterPlan {
  if (resource === last.resource) return last.plan;
  let plan = plans.get(resource);
  if (!plan) {
    const fields = new Map<string, FilterEntry>();
    for (const [name, allowed] of resource.filterable) {
      const def = resource.fields.get(name);
      if (def) fields.set(name, entryOf(name, def, allowed, undefined));
    }
    // Relation paths, from the resolved relations (checked against the related resources once, here).
    const relations = new Map<string, ResolvedRelation>();
    for (const relation of resolveRelations(resource).values()) {
      for (const [field, allowed] of relation.filterable) {
        const def = relation.resource.fields.get(field);
        if (!def) continue;
        const path = `${relation.name}.${field}`;
        fields.set(path, entryOf(path, def, allowed, relation));
        relations.set(relation.name, relation);
      }
    }
    plan = Object.freeze({ fields, relations });
    plans.set(resource, plan);
  }
  last = { resource, plan };
  return plan;
}

function entryOf(
  name: string,
  def: FieldDef,
  allowed: ReadonlySet<OperatorName>,
  relation: ResolvedRelation | undefined,
): FilterEntry {
  const shorthandParams = new Map<OperatorName, string>();
  for (const op of allowed) shorthandParams.set(op, `${name}[${op}]`);
  return Object.freeze({
    name,
    def,
    allowed,
    ...(relation ? { relation } : {}),
    names: Object.freeze({
      operator: `${name}[operator]`,
      value: `${name}[value]`,
      values: `${name}[values]`,
      shorthand: (op: string) => shorthandParams.get(op as OperatorName) ?? `${name}[${op}]`,
    }),
  });
}
