import { badRequest } from '../errors/index';
import type { FieldDef, OperatorName } from '../fields/index';
import {
  compilePredicate,
  isRelationCondition,
  type Condition,
  type FilterTerm,
  type NormalizedQuery,
  type RelationCondition,
  type Where,
} from '../query/index';
import { resolveRelations, type RecordId, type Resource, type ResolvedRelation } from '../resource/index';
import type { RelationBinding } from './repository';

type Row = Readonly<Record<string, unknown>>;
/** What one relation term becomes: an OR of AND-lists of field conditions (`[]`: never true; `[[]]`: always). */
type Alternatives = readonly (readonly Condition[])[];

/** The most related records {@link resolveRelationTerms} reads for one query, over all its relation terms. */
export const RELATED_READ_LIMIT = 10_000;

/** Options of {@link resolveRelationTerms}. */
export interface ResolveRelationTermsOptions<TRecord = Record<string, unknown>> {
  /** The resource the query lists (whose relations the terms name). */
  readonly resource: Resource<TRecord>;
  /** The relation bindings the repository was given (`ScopeOptions.relations`). */
  readonly relations?: Readonly<Record<string, RelationBinding>> | undefined;
}

/**
 * For a repository that cannot evaluate a relation natively (the related records live in another store): returns
 * the query with every relation term of its groups replaced by conditions on its own fields, computed by reading
 * the bound related repository within the related scope. To-one terms become `in` (or, when a parent without a
 * related record matches, `isnull` or `notin`) on the relating field; to-many ones `in` / `notin` on the id field.
 * A term that no parent can satisfy becomes the never-true `isnull` on the id field. The order, the cursor binding
 * (`baseGroups`) and everything else are kept; a to-one order path is left to the repository.
 *
 * The bound: at most {@link RELATED_READ_LIMIT} (10,000) related records are read for one query, in pages of the
 * related resource's `maxLimit` (`any`, `none` and to-one terms read only the related records that match the term's
 * conditions; `all`, and a to-one term that holds for a missing record, read every related record within the
 * scope). Past it the query is a 400 asking for a narrower filter.
 *
 * @throws HttpError 400 past the bound; Error (a server fault) for a relation term without a binding or a relation
 * the resource does not declare; whatever the related repository's `listByCursor` throws.
 * @example
 * const query = await resolveRelationTerms(normalizeListInput(input, books, options), { resource: books, relations: options.relations });
 */
export async function resolveRelationTerms<TRecord>(
  query: NormalizedQuery,
  options: ResolveRelationTermsOptions<TRecord>,
): Promise<NormalizedQuery> {
  if (!query.groups.some((group) => group.some(isRelationCondition))) return query;
  const resource = options.resource as unknown as Resource;
  const relations = resolveRelations(resource);
  const budget = { left: RELATED_READ_LIMIT };
  const done = new Map<RelationCondition, Alternatives>();
  const groups: Condition[][] = [];
  for (const group of query.groups) {
    let expanded: Condition[][] = [[]];
    for (const term of group) {
      let alternatives: Alternatives;
      if (!isRelationCondition(term)) alternatives = [[term]];
      else {
        const known = done.get(term);
        alternatives = known ?? (await resolveTerm(term, resource, relations, options.relations, budget));
        done.set(term, alternatives);
      }
      expanded = expanded.flatMap((conditions) => alternatives.map((more) => [...conditions, ...more]));
      if (expanded.length === 0) break;
    }
    groups.push(...expanded);
  }
  const idField = resource.idField;
  const never = condition(idField, fieldDef(resource, idField), 'isnull', true);
  return Object.freeze({
    ...query,
    groups: Object.freeze(groups.length === 0 ? [Object.freeze([never])] : groups.map((g) => Object.freeze(g))),
    baseGroups: query.baseGroups ?? query.groups,
  });
}

function fieldDef(resource: Resource, field: string): FieldDef {
  const def = resource.fields.get(field);
  if (def === undefined) throw new Error(`resource "${resource.name}" has no field "${field}"`);
  return def;
}

const condition = (field: string, def: FieldDef, op: OperatorName, value: unknown): Condition =>
  Object.freeze({ field, def, op, value });

async function resolveTerm(
  term: RelationCondition,
  resource: Resource,
  relations: ReadonlyMap<string, ResolvedRelation>,
  bindings: Readonly<Record<string, RelationBinding>> | undefined,
  budget: { left: number },
): Promise<Alternatives> {
  const relation = relations.get(term.relation);
  if (relation === undefined) throw new Error(`"${resource.name}" has no relation "${term.relation}"`);
  const binding =
    bindings !== undefined && Object.hasOwn(bindings, term.relation) ? bindings[term.relation] : undefined;
  if (binding === undefined) throw new Error(`relation "${term.relation}" is read without a binding`);
  const related = relation.resource;
  const matches = compilePredicate([term.conditions]);
  const read = (pushed: boolean) => readRelated(term, related, binding, pushed, budget);
  const distinct = (rows: readonly Row[], field: string): RecordId[] => [
    ...new Set(rows.map((row) => row[field] as RecordId).filter((value) => value != null)),
  ];
  if (term.kind === 'one') {
    const field = relation.field;
    const def = relation.fieldDef;
    // As the reference: a parent without a related record matches when the conditions hold for a record with every
    // field absent (only isnull does); an empty list tests only for a related record.
    if (term.conditions.length === 0 || !matches({})) {
      const ids = distinct((await read(true)).filter(matches), related.idField);
      return ids.length === 0 ? [] : [[condition(field, def, 'in', ids)]];
    }
    // A parent without a related record matches: only the related records that fail rule a parent out.
    const failing = distinct(
      (await read(false)).filter((row) => !matches(row)),
      related.idField,
    );
    if (failing.length === 0) return [[]];
    const others = [condition(field, def, 'notin', failing)];
    return def.nullable ? [[condition(field, def, 'isnull', true)], others] : [others];
  }
  const idField = resource.idField;
  const idDef = fieldDef(resource, idField);
  if (term.match === 'all') {
    const rows = await read(false);
    const failing = new Set(
      distinct(
        rows.filter((row) => !matches(row)),
        relation.field,
      ),
    );
    const ids = distinct(rows, relation.field).filter((id) => !failing.has(id));
    return ids.length === 0 ? [] : [[condition(idField, idDef, 'in', ids)]];
  }
  const ids = distinct((await read(true)).filter(matches), relation.field);
  if (term.match === 'none') return ids.length === 0 ? [[]] : [[condition(idField, idDef, 'notin', ids)]];
  return ids.length === 0 ? [] : [[condition(idField, idDef, 'in', ids)]];
}

/**
 * The related records within the binding's scope; with `pushed`, only those the term's conditions select (the
 * conditions go to the related repository as a `where`; the caller tests them again).
 *
 * @throws HttpError 400 once the query's reads pass {@link RELATED_READ_LIMIT}.
 */
async function readRelated(
  term: RelationCondition,
  related: Resource,
  binding: RelationBinding,
  pushed: boolean,
  budget: { left: number },
): Promise<Row[]> {
  const where = pushed ? whereOf(term.conditions) : undefined;
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const page: { readonly items: readonly unknown[]; readonly nextCursor: string | null } =
      await binding.repository.listByCursor(
        { where, limit: related.pagination.maxLimit, cursor },
        { scope: binding.scope },
      );
    budget.left -= page.items.length;
    if (budget.left < 0)
      throw badRequest([
        `relation "${term.relation}": the filter reads more than ${RELATED_READ_LIMIT} related records; narrow it`,
      ]);
    rows.push(...(page.items as Row[]));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return rows;
}

/** The programmatic `where` of a term's conditions, as far as one clause holds them (the rest is tested locally). */
function whereOf(conditions: readonly FilterTerm[]): Where<Record<string, unknown>> | undefined {
  const where: Record<string, Record<string, unknown>> = {};
  let any = false;
  for (const term of conditions) {
    if (isRelationCondition(term)) continue;
    const { field, op, def, value } = term;
    const nullTest = op === 'isnull' || op === 'notnull';
    if (nullTest && !def.nullable) continue;
    const ops = (where[field] ??= {});
    if (Object.hasOwn(ops, op)) continue;
    ops[op] = nullTest ? true : value;
    any = true;
  }
  return any ? where : undefined;
}
