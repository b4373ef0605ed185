import type { Resource } from '../../resource/index';
import type { FieldDef, OperatorName } from '../../fields/index';

/** A filterable field as the HTTP parser needs it: its definition and the operators clients may use on it. */
export interface FilterEntry {
  readonly name: string;
  readonly def: FieldDef;
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
  /** Filterable field name to its entry: one map lookup per filter parameter. */
  readonly fields: ReadonlyMap<string, FilterEntry>;
}

const plans = new WeakMap<Resource, FilterPlan>();
/** The plan used last: most services parse for one resource again and again. Holds one resource alive at most. */
let last: { readonly resource: Resource | undefined; readonly plan: FilterPlan } = {
  resource: undefined,
  plan: Object.freeze({ fields: new Map() }),
};

/** The resource's {@link FilterPlan}, built on first use and cached (resources are frozen, so it never goes stale). */
export function filterPlanOf(resource: Resource): FilterPlan {
  if (resource === last.resource) return last.plan;
  let plan = plans.get(resource);
  if (!plan) {
    const fields = new Map<string, FilterEntry>();
    for (const [name, allowed] of resource.filterable) {
      const def = resource.fields.get(name);
      if (!def) continue;
      const shorthandParams = new Map<OperatorName, string>();
      for (const op of allowed) shorthandParams.set(op, `${name}[${op}]`);
      fields.set(
        name,
        Object.freeze({
          name: def.name,
          def,
          allowed,
          names: Object.freeze({
            operator: `${name}[operator]`,
            value: `${name}[value]`,
            values: `${name}[values]`,
            shorthand: (op: string) => shorthandParams.get(op as OperatorName) ?? `${name}[${op}]`,
          }),
        }),
      );
    }
    plan = Object.freeze({ fields });
    plans.set(resource, plan);
  }
  last = { resource, plan };
  return plan;
}
