import { badRequest, clean, quote } from '../errors/index';
import { relationPathOf } from '../query/index';
import type { ResolvedRelation } from '../resource/index';
import { isPlainObject } from '../internal/index';

type Row = Record<string, unknown>;

/** The most relation names one `include` or `counts` may give (as the query grammar). */
const MAX_RELATION_NAMES = 16;

/** What a listing or a get does with the resource's relations. */
export interface RelationPlan {
  /** The relations the filter or the order reads (each needs a binding). */
  readonly used: readonly string[];
  /** The relations to embed, in the order given. */
  readonly include: readonly string[];
  /** The to-many relations to count into `_count`. */
  readonly counts: readonly string[];
  /** The input for the repository: the input itself, or a copy whose selection holds the relating fields. */
  readonly input: unknown;
  /** Relating fields added to the selection, removed again from the items after embedding. */
  readonly added: readonly string[];
}

/**
 * Validates a programmatic `include` or `counts`: an array of distinct relation names (to-many ones for `counts`),
 * at most 16; absent or empty: none.
 *
 * @throws HttpError 400 naming each problem.
 */
export function relationNamesOf(
  raw: unknown,
  relations: ReadonlyMap<string, ResolvedRelation>,
  option: 'include' | 'counts',
): readonly string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw badRequest([`${option} must be an array of relation names`]);
  if (raw.length > MAX_RELATION_NAMES) throw badRequest([`${option} may name at most ${MAX_RELATION_NAMES} relations`]);
  const problems: string[] = [];
  // At most 16 names: the earlier ones are searched rather than put in a set.
  const seen: string[] = [];
  for (const name of raw as unknown[]) {
    if (typeof name !== 'string') {
      problems.push(`${option} must hold relation names`);
      continue;
    }
    const relation = relations.get(name);
    if (relation === undefined) problems.push(`${option}: ${quote(name)} is not a relation`);
    else if (option === 'counts' && relation.kind !== 'many')
      problems.push(`${option}: ${quote(name)} is not a to-many relation`);
    else if (seen.includes(name)) problems.push(`${option}: ${quote(name)} is given twice`);
    else seen.push(name);
  }
  if (problems.length > 0) throw badRequest(problems);
  return seen;
}

/**
 * The relations a listing's input reads and embeds. Refuses, with the message of an unknown field, a `where` or an
 * `orderBy` that reads a hidden field of a related resource (whoever asked: a client cannot, server code or a
 * before-hook could), and validates `include` and `counts`.
 *
 * @throws HttpError 400 naming each problem.
 */
export function planRelations(relations: ReadonlyMap<string, ResolvedRelation>, input: unknown): RelationPlan {
  const query = (typeof input === 'object' && input !== null ? input : {}) as Row;
  const used = new Set<string>();
  const problems: string[] = [];
  const where = query.where;
  if (Array.isArray(where)) where.forEach((clause, i) => readClause(clause, `where[${i}]`));
  else readClause(where, 'where');
  if (Array.isArray(query.orderBy)) {
    query.orderBy.forEach((term: unknown, i) => {
      const field = isPlainObject(term) ? term.field : undefined;
      const path = typeof field === 'string' ? relationPathOf(field) : undefined;
      const relation = path === undefined ? undefined : relations.get(path.relation);
      if (path === undefined || relation === undefined) return;
      used.add(relation.name);
      if (relation.resource.hidden.has(path.field))
        problems.push(`orderBy[${i}].field: ${quote(String(field))} is not a sortable field`);
    });
  }
  if (problems.length > 0) throw badRequest(problems);
  const include = relationNamesOf(query.include, relations, 'include');
  const counts = relationNamesOf(query.counts, relations, 'counts');

  // The repository gets the input as it is (a parsed query keeps what its parser remembered of it), unless a to-one
  // include needs a relating field the selection leaves out: a copy then selects it too.
  let repositoryInput: unknown = input;
  const added: string[] = [];
  const select = query.select;
  if (Array.isArray(select)) {
    for (const name of include) {
      const relation = relations.get(name) as ResolvedRelation;
      if (relation.kind === 'one' && !select.includes(relation.field) && !added.includes(relation.field))
        added.push(relation.field);
    }
    if (added.length > 0) repositoryInput = { ...query, select: [...(select as unknown[]), ...added] };
  }
  return { used: [...used], include, counts, input: repositoryInput, added };

  function readClause(clause: unknown, path: string): void {
    if (!isPlainObject(clause)) return;
    for (const key of Object.keys(clause)) {
      const relation = relations.get(key);
      if (relation === undefined) continue;
      used.add(key);
      const value = clause[key];
      const at = `${path}.${clean(key)}`;
      if (relation.kind === 'one') refuseHidden(relation, value, at);
      else if (isPlainObject(value)) {
        for (const quantifier of ['any', 'all', 'none']) {
          const inner = value[quantifier];
          if (Array.isArray(inner)) inner.forEach((one, i) => refuseHidden(relation, one, `${at}.${quantifier}[${i}]`));
          else refuseHidden(relation, inner, `${at}.${quantifier}`);
        }
      }
    }
  }

  function refuseHidden(relation: ResolvedRelation, clause: unknown, path: string): void {
    if (!isPlainObject(clause) || relation.resource.hidden.size === 0) return;
    for (const field of Object.keys(clause))
      if (relation.resource.hidden.has(field))
        problems.push(`${path}.${clean(field)}: ${quote(field)} is not a filterable field`);
  }
}
