import { operatorFits, type FieldDef, type OperatorName } from '../fields/index';
import type { Resource } from './define-resource';
import { freezeMap, freezeSet } from './freeze-collection';
import type { RelationDef } from './relation-config';
import { baseResource } from './route-resource';

/**
 * A relation whose related resource is resolved and whose allow-lists were checked against it: what the query
 * grammar, the service and the repositories read.
 */
export interface ResolvedRelation extends Omit<RelationDef, 'target' | 'filterable'> {
  /** The related resource. */
  readonly resource: Resource;
  /** To-one: this resource's field holding the related id; to-many: the related resource's field holding this id. */
  readonly field: string;
  /** The definition of `field` (on this resource for to-one, on the related one for to-many). */
  readonly fieldDef: FieldDef;
  /** Related field to the operators a client may use on it through this relation. */
  readonly filterable: ReadonlyMap<string, ReadonlySet<OperatorName>>;
}

const resolved = new WeakMap<object, ReadonlyMap<string, ResolvedRelation>>();
const EMPTY: ReadonlyMap<string, ResolvedRelation> = freezeMap(new Map());

/** Whether a value is a resource `defineResource` returned (or a route view of one). */
function isResource(value: unknown): value is Resource {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Resource).fields instanceof Map &&
    typeof (value as Resource).idField === 'string' &&
    (value as Resource).filterable instanceof Map
  );
}

/**
 * The relations of `resource`, each with its related resource resolved and its relation paths checked against it:
 * computed on first use and cached (resources are frozen). Every module that reads relations goes through it, so a
 * mistake in a relation surfaces the first time anything uses the resource's relations.
 *
 * @throws TypeError naming the relation: its `resource` function throws or returns no resource, a to-many `field`
 * the related schema lacks, a relating field whose kind differs from the other side's id field, a filterable or
 * sortable path into a field the related resource lacks, hides, or does not allow to filter or sort, or an operator
 * the related resource does not allow on it.
 */
export function resolveRelations<TRecord>(resource: Resource<TRecord>): ReadonlyMap<string, ResolvedRelation> {
  const base = baseResource(resource as unknown as Resource);
  const declared = base.relations;
  if (declared === undefined || declared.size === 0) return EMPTY;
  let map = resolved.get(base);
  if (map === undefined) {
    const out = new Map<string, ResolvedRelation>();
    for (const def of declared.values()) out.set(def.name, resolveOne(base, def));
    map = freezeMap(out);
    resolved.set(base, map);
  }
  return map;
}

function resolveOne(owner: Resource, def: RelationDef): ResolvedRelation {
  const fail = (message: string): never => {
    throw new TypeError(`defineResource(${JSON.stringify(owner.name)}): relation "${def.name}": ${message}`);
  };
  let target: unknown;
  try {
    target = def.target();
  } catch (error) {
    fail(`its resource function threw (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isResource(target)) return fail('its resource function must return a resource made by defineResource');
  const related = baseResource(target);
  // To-one: our field holds the related id. To-many: the related field holds our id.
  const [holder, holderName, idSide] =
    def.kind === 'one' ? [owner, owner.name, related] : [related, related.name, owner];
  const fieldDef = holder.fields.get(def.field);
  if (!fieldDef) return fail(`field "${def.field}" is not in the schema of "${holderName}"`);
  const idDef = idSide.fields.get(idSide.idField);
  if (idDef && fieldDef.kind !== idDef.kind)
    fail(`field "${def.field}" (${fieldDef.kind}) cannot hold the ${idDef.kind} ids of "${idSide.name}"`);
  if (def.kind === 'many' && related.hidden.has(def.field)) fail(`field "${def.field}" is hidden in "${related.name}"`);

  const filterable = new Map<string, ReadonlySet<OperatorName>>();
  for (const [field, ops] of def.filterable) {
    const path = `${def.name}.${field}`;
    const allowed = related.filterable.get(field);
    const fdef = related.fields.get(field);
    if (!fdef || related.hidden.has(field))
      fail(`filterable path "${path}": "${field}" is not a visible field of "${related.name}"`);
    if (!allowed) return fail(`filterable path "${path}": "${related.name}" does not allow filtering on "${field}"`);
    if (ops === null) {
      filterable.set(field, allowed);
      continue;
    }
    const set = new Set<OperatorName>();
    for (const op of ops) {
      if (!allowed.has(op)) fail(`filterable path "${path}": "${related.name}" does not allow operator "${op}"`);
      if (fdef && fdef.kind !== 'other' && !operatorFits(op, fdef.kind, fdef.nullable))
        fail(`filterable path "${path}": "${op}" does not fit`);
      set.add(op);
    }
    filterable.set(field, freezeSet(set));
  }
  for (const field of def.sortable) {
    if (!related.fields.has(field) || related.hidden.has(field))
      fail(`sortable path "${def.name}.${field}": "${field}" is not a visible field of "${related.name}"`);
    if (!related.sortable.has(field))
      fail(`sortable path "${def.name}.${field}": "${related.name}" does not allow sorting by "${field}"`);
  }
  return Object.freeze({
    name: def.name,
    kind: def.kind,
    field: def.field,
    fieldDef,
    maxEmbedded: def.maxEmbedded,
    resource: related,
    filterable: freezeMap(filterable),
    sortable: def.sortable,
    includable: def.includable,
    countable: def.countable,
  });
}
