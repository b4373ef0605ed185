import { resolveRelations, type ResolvedRelation, type Resource } from '../../resource/index';
import type { Condition, FilterTerm, RelationCondition, RelationMatch } from './normalized-query';
import { type FieldDef, OPERATORS, operatorFits, type FieldKind, type OperatorName } from '../../fields/index';
import { clean, quote, type Problems } from '../../errors/index';
import { isPlainObject, isUnsafeKey } from '../../internal/index';
import { toCondition } from './to-condition';

/** The most clauses of one `where`: its OR clauses and every clause on a relation, together. */
const MAX_CLAUSES = 100;

const QUANTIFIERS: ReadonlySet<string> = new Set(['any', 'all', 'none']);

/** What one normalization carries along: where problems go, and how many clauses it has read. */
interface Walk {
  readonly problems: Problems;
  readonly valueProblems: Problems;
  clauses: number;
  /** The relations clause keys may name; undefined inside a relation (one hop) and for scopes. */
  readonly relations: ReadonlyMap<string, ResolvedRelation> | undefined;
  /**
   * Inside a to-one clause: every field takes `isnull` and `notnull` (and `null`), since the related record may be
   * absent (`{ author: null }` is `{ author: { id: { isnull: true } } }`, what `toWhere` gives back).
   */
  readonly absentable: boolean;
}

/**
 * Validates a programmatic `where` (one clause, or an array of clauses that is their OR) into AND-groups of terms.
 * Programmatic callers may filter on any field of the schema and, through a relation, on any field of the related
 * schema: to-one `{ author: { fullName: { cont: 'ann' } } }` (`{ author: null }`: no related record), to-many
 * `{ reviews: { any | all | none: clause | clause[] } }`. Problems of the values themselves (a value a field cannot
 * hold) go to `valueProblems` (default: `problems`); every other problem to `problems`. With `relations` false (a
 * request scope), a relation's name is answered like an unknown field.
 */
export function normalizeWhere(
  where: unknown,
  resource: Resource,
  problems: Problems,
  valueProblems: Problems = problems,
  relations = true,
): readonly (readonly FilterTerm[])[] {
  if (where === undefined || where === null) return [[]];
  const walk: Walk = {
    problems,
    valueProblems,
    clauses: 0,
    relations: relations ? resolveRelations(resource) : undefined,
    absentable: false,
  };
  if (Array.isArray(where)) {
    if (where.length === 0 || where.length > MAX_CLAUSES) {
      problems.add(`where must be an object or an array of 1 to ${MAX_CLAUSES} objects`);
      return [];
    }
    walk.clauses = where.length;
    return where.map((clause: unknown, i) => normalizeClause(clause, `where[${i}]`, resource, walk));
  }
  walk.clauses = 1;
  return [normalizeClause(where, 'where', resource, walk)];
}

function normalizeClause(clause: unknown, path: string, resource: Resource, walk: Walk): FilterTerm[] {
  const terms: FilterTerm[] = [];
  if (!isPlainObject(clause)) {
    walk.problems.add(`${path} must be an object of field conditions`);
    return terms;
  }
  const push = (condition: Condition | undefined): void => {
    if (condition) terms.push(condition);
  };
  const { problems, valueProblems } = walk;
  for (const field of Object.keys(clause)) {
    const param = `${path}.${clean(field)}`;
    const def = resource.fields.get(field);
    if (isUnsafeKey(field) || !def || def.kind === 'other') {
      const relation = def || isUnsafeKey(field) ? undefined : walk.relations?.get(field);
      if (relation) relationTerms(relation, clause[field], param, walk, terms);
      else problems.add(`${param}: ${quote(field)} is not a filterable field`);
      continue;
    }
    const value = clause[field];
    const nullable = def.nullable || walk.absentable;
    if (value === null) {
      if (!nullable) problems.add(`${param}: operator "isnull" does not fit field ${quote(field)}`);
      else push(toCondition(def, 'isnull', [], param, false, valueProblems));
    } else if (!isPlainObject(value)) {
      push(toCondition(def, 'eq', [value], param, false, valueProblems));
    } else if (Object.keys(value).length === 0) {
      problems.add(`${param} must name at least one operator`);
    } else {
      for (const op of Object.keys(value))
        push(operatorCondition(def, nullable, op, value[op], `${param}.${clean(op)}`, walk));
    }
  }
  return terms;
}

/** Appends the terms of one relation key of a clause: one for a to-one relation, one per clause for a to-many one. */
function relationTerms(relation: ResolvedRelation, value: unknown, param: string, walk: Walk, out: FilterTerm[]): void {
  const { problems } = walk;
  if (relation.kind === 'one') {
    if (value === null) {
      const related = relation.resource;
      const def = related.fields.get(related.idField) as FieldDef;
      const absent: Condition = { field: related.idField, op: 'isnull', value: true, def };
      out.push(relationTerm(relation, 'any', [absent]));
    } else if (!isPlainObject(value)) {
      problems.add(`${param} must be an object of conditions on ${quote(relation.name)}, or null`);
    } else {
      const conditions = relatedClause(relation, value, param, walk);
      if (conditions) out.push(relationTerm(relation, 'any', conditions));
    }
    return;
  }
  const shape = `${param} must be an object { any | all | none: <clause or clauses> }`;
  if (!isPlainObject(value) || Object.keys(value).length === 0) return problems.add(shape);
  for (const key of Object.keys(value)) {
    if (!QUANTIFIERS.has(key)) {
      problems.add(`${param}.${clean(key)}: ${quote(key)} must be any, all or none`);
      continue;
    }
    const match = key as RelationMatch;
    const given = value[key];
    const clauses = Array.isArray(given) ? (given as unknown[]) : [given];
    if (clauses.length === 0) {
      problems.add(`${param}.${key} must be a clause or a non-empty array of clauses`);
      continue;
    }
    clauses.forEach((clause, i) => {
      const at = Array.isArray(given) ? `${param}.${key}[${i}]` : `${param}.${key}`;
      const conditions = relatedClause(relation, clause, at, walk);
      if (conditions) out.push(relationTerm(relation, match, conditions));
    });
  }
}

/** The conditions of one clause on the related resource (no relation of its own: one hop), or undefined. */
function relatedClause(
  relation: ResolvedRelation,
  clause: unknown,
  path: string,
  walk: Walk,
): readonly Condition[] | undefined {
  if (++walk.clauses > MAX_CLAUSES) {
    if (walk.clauses === MAX_CLAUSES + 1)
      walk.problems.add(`where may hold at most ${MAX_CLAUSES} clauses, those on relations included`);
    return undefined;
  }
  if (!isPlainObject(clause)) {
    walk.problems.add(`${path} must be an object of conditions on ${quote(relation.name)}`);
    return undefined;
  }
  const inner: Walk = { ...walk, relations: undefined, absentable: relation.kind === 'one' };
  const terms = normalizeClause(clause, path, relation.resource, inner);
  walk.clauses = inner.clauses;
  return terms as Condition[];
}

function relationTerm(
  relation: ResolvedRelation,
  match: RelationMatch,
  conditions: readonly Condition[],
): RelationCondition {
  return { relation: relation.name, kind: relation.kind, match, conditions: Object.freeze([...conditions]) };
}

function operatorCondition(
  def: FieldDef,
  nullable: boolean,
  name: string,
  operand: unknown,
  param: string,
  { problems, valueProblems }: Walk,
): Condition | undefined {
  if (!Object.hasOwn(OPERATORS, name)) {
    problems.add(`${param}: unknown operator ${quote(name)}`);
    return undefined;
  }
  const op = name as OperatorName;
  if (!operatorFits(op, def.kind as FieldKind, nullable)) {
    problems.add(`${param}: operator ${quote(op)} does not fit field ${quote(def.name)}`);
    return undefined;
  }
  const arity = OPERATORS[op].arity;
  const takesList = arity === 'two' || arity === 'many';
  if (takesList !== Array.isArray(operand)) {
    problems.add(takesList ? `${param} must be an array` : `${param} must not be an array`);
    return undefined;
  }
  return toCondition(def, op, takesList ? (operand as unknown[]) : [operand], param, false, valueProblems);
}
