import type { OperatorName } from '../fields/index';
import { freezeMap, freezeSet } from './freeze-collection';

/** The most records a to-many relation may embed per parent (`maxEmbedded`), and its default. */
export const EMBED_LIMITS = Object.freeze({ defaultMaxEmbedded: 20, maxEmbedded: 100 });

/**
 * One relation of a resource, as `defineResource({ relations })` takes it. `resource` is a function so that two
 * resources can name each other; it is called when the relation is first used.
 *
 * - `kind: 'one'`: this resource's `field` holds the id of a record of `resource` (`null` or absent: none).
 * - `kind: 'many'`: the records of `resource` whose `field` holds this record's id; at most `maxEmbedded`
 *   (default 20, at most 100) of them are embedded per parent.
 */
export type RelationConfig =
  | { readonly kind: 'one'; readonly resource: () => object; readonly field: string }
  | { readonly kind: 'many'; readonly resource: () => object; readonly field: string; readonly maxEmbedded?: number };

/** A declared relation of a resource, before its related resource is resolved (see `resolveRelations`). */
export interface RelationDef {
  readonly name: string;
  readonly kind: 'one' | 'many';
  /** To-one: this resource's field holding the related id. To-many: the related resource's field holding this id. */
  readonly field: string;
  /** To-many: the most records embedded per parent (to-one: 1). */
  readonly maxEmbedded: number;
  /** The related resource's thunk, as declared. */
  readonly target: () => object;
  /** Related field to the operators the declaration allows (`null`: every operator the related resource allows). */
  readonly filterable: ReadonlyMap<string, readonly OperatorName[] | null>;
  /** Related fields this resource may sort by (to-one relations only). */
  readonly sortable: ReadonlySet<string>;
  readonly includable: boolean;
  readonly countable: boolean;
}

/** What `defineResource` reads from a configuration's relation options. */
export interface RelationOptions {
  readonly relations?: unknown;
  readonly includable?: unknown;
  readonly countable?: unknown;
  /** Relation paths (`'author.fullName'`) of `filterable`, with their operators (`null`: every allowed one). */
  readonly filterPaths: ReadonlyMap<string, readonly OperatorName[] | null>;
  /** Relation paths of `sortable`. */
  readonly sortPaths: readonly string[];
}

const RELATION_KEYS = new Set(['kind', 'resource', 'field', 'maxEmbedded']);
const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Whether a filterable or sortable entry is a relation path (`relation.field`) rather than a field name. */
export const isRelationPath = (entry: string): boolean => entry.includes('.');

/**
 * Checks a resource's relation options against its own schema and returns the declared relations. Paths into the
 * related resource are checked when the relation is resolved, on first use.
 *
 * @throws TypeError (through `fail`) naming the relation or path at fault.
 */
export function declareRelations(
  options: RelationOptions,
  fields: ReadonlyMap<string, unknown>,
  isUnsafe: (name: string) => boolean,
  fail: (message: string) => never,
): ReadonlyMap<string, RelationDef> {
  const config = options.relations ?? {};
  if (typeof config !== 'object' || config === null || Array.isArray(config))
    fail('relations must be an object of named relations');
  const declared = new Map<string, Omit<RelationDef, 'filterable' | 'sortable' | 'includable' | 'countable'>>();
  for (const [name, relation] of Object.entries(config as Record<string, unknown>)) {
    const label = `relation "${name}"`;
    if (!NAME.test(name) || isUnsafe(name) || name === '_count') fail(`relation name "${name}" is not allowed`);
    if (fields.has(name)) fail(`${label} has the name of a field of the schema`);
    if (typeof relation !== 'object' || relation === null) fail(`${label} must be an object`);
    const spec = relation as Record<string, unknown>;
    for (const key of Object.keys(spec)) if (!RELATION_KEYS.has(key)) fail(`${label} has an unknown option "${key}"`);
    if (spec.kind !== 'one' && spec.kind !== 'many') fail(`${label}: kind must be 'one' or 'many'`);
    if (typeof spec.resource !== 'function') fail(`${label}: resource must be a function returning a resource`);
    if (typeof spec.field !== 'string' || spec.field.length === 0) fail(`${label}: field must be a field name`);
    const field = spec.field as string;
    if (spec.kind === 'one' && !fields.has(field)) fail(`${label}: field "${field}" is not in the schema`);
    let maxEmbedded = 1;
    if (spec.kind === 'many') {
      maxEmbedded = spec.maxEmbedded === undefined ? EMBED_LIMITS.defaultMaxEmbedded : (spec.maxEmbedded as number);
      if (!Number.isSafeInteger(maxEmbedded) || maxEmbedded < 1 || maxEmbedded > EMBED_LIMITS.maxEmbedded)
        fail(`${label}: maxEmbedded must be an integer from 1 to ${EMBED_LIMITS.maxEmbedded}`);
    } else if (spec.maxEmbedded !== undefined) fail(`${label}: maxEmbedded applies to kind 'many' only`);
    declared.set(name, {
      name,
      kind: spec.kind as 'one' | 'many',
      field,
      maxEmbedded,
      target: spec.resource as () => object,
    });
  }
  const named = (option: 'includable' | 'countable'): Set<string> => {
    const list = options[option] ?? [];
    if (!Array.isArray(list)) return fail(`${option} must be an array of relation names`);
    const set = new Set<string>();
    for (const name of list as unknown[]) {
      const relation = typeof name === 'string' ? declared.get(name) : undefined;
      if (!relation) fail(`${option} names "${String(name)}", which is not a relation`);
      else if (option === 'countable' && relation.kind !== 'many')
        fail(`countable relation "${relation.name}" must be of kind 'many'`);
      if (set.has(name as string)) fail(`${option} names relation "${String(name)}" twice`);
      set.add(name as string);
    }
    return set;
  };
  const includable = named('includable');
  const countable = named('countable');
  const filterable = new Map<string, Map<string, readonly OperatorName[] | null>>();
  const sortable = new Map<string, Set<string>>();
  const split = (path: string, role: string) => {
    const [relation, field, ...rest] = path.split('.');
    const def = relation === undefined ? undefined : declared.get(relation);
    if (!def) return fail(`${role} path "${path}" does not start with a relation name`);
    if (rest.length > 0 || !field) return fail(`${role} path "${path}" must be one hop: relation.field`);
    if (!NAME.test(field) || isUnsafe(field)) fail(`${role} path "${path}" names a field that is not allowed`);
    return { def, field };
  };
  for (const [path, ops] of options.filterPaths) {
    const { def, field } = split(path, 'filterable');
    let map = filterable.get(def.name);
    if (!map) filterable.set(def.name, (map = new Map()));
    map.set(field, ops);
  }
  for (const path of options.sortPaths) {
    const { def, field } = split(path, 'sortable');
    if (def.kind !== 'one') fail(`sortable path "${path}": only a to-one relation can be sorted by`);
    let set = sortable.get(def.name);
    if (!set) sortable.set(def.name, (set = new Set()));
    if (set.has(field)) fail(`sortable names "${path}" twice`);
    set.add(field);
  }
  const relations = new Map<string, RelationDef>();
  for (const [name, def] of declared) {
    relations.set(
      name,
      Object.freeze({
        ...def,
        filterable: freezeMap(filterable.get(name) ?? new Map<string, readonly OperatorName[] | null>()),
        sortable: freezeSet(sortable.get(name) ?? new Set<string>()),
        includable: includable.has(name),
        countable: countable.has(name),
      }),
    );
  }
  return freezeMap(relations);
}
