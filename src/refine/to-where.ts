import type { CrudFilter } from '@refinedev/core';
import type { OperatorName } from 'pagelope';
import type { Where, WhereClause } from 'pagelope/client';
import { toPagelopeOperator } from './operators';

/** Most OR groups one query may send: the grammar numbers them `or[0]` to `or[7]`. */
export const MAX_OR_GROUPS = 8;
/** Most AND-groups while distributing ANDs over ORs, so that a filter cannot grow exponentially before the check. */
const MAX_EXPANSION = 256;
/** Deepest nesting of `and`/`or` filters read. */
const MAX_DEPTH = 16;

/** One field condition, with the refine operator it came from (for messages). */
interface Condition {
  readonly field: string;
  readonly op: OperatorName;
  readonly refine: string;
  readonly value: unknown;
}

/** An OR of AND-groups; `[[]]` (one empty group) is "no condition", which matches every record. */
type Groups = readonly (readonly Condition[])[];

const EVERYTHING: Groups = [[]];

/**
 * Turns refine's filters (ANDed, with `and`/`or` filters nested in any way) into a pagelope `where`: one clause when
 * no `or` is left, else an array of clauses (their OR), which the client writes as OR groups. ANDs over ORs are
 * distributed and nested ORs flattened, which keeps the meaning exactly; a filter that still needs more than
 * {@link MAX_OR_GROUPS} groups is refused. As refine itself does, a field filter whose `value` is `undefined` or `null`
 * and an `and`/`or` with no filters are no condition. Internal to the module.
 *
 * @throws Error naming the operator for a refine operator pagelope has no equivalent of; Error for more than 8 groups,
 * two conditions of one operator on one field within a group with different values, `in`/`nin` with an empty or no
 * list, `between` without two values, `null`/`nnull` with `false`, or anything that is not a refine filter.
 * @example
 * toWhere([{ operator: 'or', value: [{ field: 'age', operator: 'lt', value: 18 }, { field: 'status', operator: 'eq', value: 'banned' }] }]);
 * // [{ age: { lt: 18 } }, { status: { eq: 'banned' } }]
 */
export function toWhere(filters: readonly CrudFilter[] | undefined): Where<Record<string, unknown>> | undefined {
  if (filters === undefined) return undefined;
  if (!Array.isArray(filters)) throw new Error('pagelope/refine: filters must be an array of refine filters');
  const groups = and(filters, 'filters', 0);
  if (groups.length > MAX_OR_GROUPS) {
    throw new Error(
      `pagelope/refine: these filters need ${groups.length} OR groups once ANDs are distributed over ORs; ` +
        `pagelope's grammar takes at most ${MAX_OR_GROUPS}`,
    );
  }
  const clauses = groups.map(toClause);
  if (clauses.length > 1) return clauses;
  const only = clauses[0]!;
  return Object.keys(only).length === 0 ? undefined : only;
}

function toGroups(filter: unknown, path: string, depth: number): Groups {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw new Error(`pagelope/refine: ${path} is not a refine filter`);
  }
  const { operator, value, field } = filter as Record<string, unknown>;
  if (operator === 'and' || operator === 'or') {
    if (!Array.isArray(value))
      throw new Error(`pagelope/refine: the value of the "${operator}" filter ${path} must be an array`);
    if (depth >= MAX_DEPTH) throw new Error(`pagelope/refine: filters nest more than ${MAX_DEPTH} levels deep`);
    return operator === 'and' ? and(value, `${path}.value`, depth + 1) : or(value, `${path}.value`, depth + 1);
  }
  if (typeof field !== 'string' || field === '') {
    throw new Error(`pagelope/refine: ${path} names no field (a field filter needs a non-empty field)`);
  }
  const op = toPagelopeOperator(operator, field);
  const refine = String(operator);
  if (op === 'isnull' || op === 'notnull') {
    // refine documents `null` as "is null or not null": `false` would mean the opposite of the operator's name.
    if (value === false)
      throw new Error(
        `pagelope/refine: "${refine}" on ${JSON.stringify(field)} takes no false; use "${refine === 'null' ? 'nnull' : 'null'}"`,
      );
    return [[{ field, op, refine, value: true }]];
  }
  if (value === undefined || value === null) return EVERYTHING;
  if (op === 'in' || op === 'notin' || op === 'between') checkList(op, refine, field, value);
  return [[{ field, op, refine, value }]];
}

function checkList(op: OperatorName, refine: string, field: string, value: unknown): void {
  const where = `"${refine}" on ${JSON.stringify(field)}`;
  if (!Array.isArray(value)) throw new Error(`pagelope/refine: ${where} needs an array of values`);
  if (op === 'between' && value.length !== 2)
    throw new Error(`pagelope/refine: ${where} needs two values, got ${value.length}`);
  if (value.length === 0)
    throw new Error(`pagelope/refine: ${where} has an empty list, which the grammar cannot write`);
}

/** The AND of filters: every combination of one group of each (an empty group matches everything). */
function and(filters: readonly unknown[], path: string, depth: number): Groups {
  let result: Groups = EVERYTHING;
  filters.forEach((filter, i) => {
    const next = toGroups(filter, `${path}[${i}]`, depth);
    if (result.length * next.length > MAX_EXPANSION) throw tooMany(result.length * next.length);
    result = result.flatMap((left) => next.map((right) => [...left, ...right]));
  });
  return result;
}

/** The OR of filters: their groups together, or "no condition" as soon as one of them matches everything. */
function or(filters: readonly unknown[], path: string, depth: number): Groups {
  if (filters.length === 0) return EVERYTHING;
  const result: (readonly Condition[])[] = [];
  for (const [i, filter] of filters.entries()) {
    const next = toGroups(filter, `${path}[${i}]`, depth);
    if (next.some((group) => group.length === 0)) return EVERYTHING;
    result.push(...next);
    if (result.length > MAX_EXPANSION) throw tooMany(result.length);
  }
  return result;
}

function tooMany(count: number): Error {
  return new Error(
    `pagelope/refine: these filters need more than ${Math.min(count, MAX_EXPANSION)} OR groups once ANDs are ` +
      `distributed over ORs; pagelope's grammar takes at most ${MAX_OR_GROUPS}`,
  );
}

/**
 * One AND-group as a clause `{ field: { op: value } }`, a relation path `author.fullName` nested as
 * `{ author: { fullName: { op: value } } }` (which the client writes back as the path: for a to-many relation, at
 * least one related record matches), built on null prototypes so that no field name is special.
 */
function toClause(group: readonly Condition[]): WhereClause<Record<string, unknown>> {
  const clause: Record<string, Record<string, unknown>> = Object.create(null);
  const relations = new Set<string>();
  for (const { field, op, refine, value } of group) {
    const [head, rest, ...more] = field.split('.') as [string, string | undefined, ...string[]];
    if (more.length > 0 || head === '' || rest === '') {
      throw new Error(
        `pagelope/refine: the field ${JSON.stringify(field)} is not a field or a relation path (one hop)`,
      );
    }
    if (rest === undefined ? relations.has(head) : head in clause && !relations.has(head)) {
      throw new Error(
        `pagelope/refine: ${JSON.stringify(head)} is filtered both as a field and as a relation in one group`,
      );
    }
    let target = clause;
    let name = head;
    if (rest !== undefined) {
      relations.add(head);
      target = (clause[head] ??= Object.create(null) as Record<string, unknown>) as Record<
        string,
        Record<string, unknown>
      >;
      name = rest;
    }
    const condition = (target[name] ??= Object.create(null) as Record<string, unknown>);
    if (!(op in condition)) condition[op] = value;
    else if (!sameOperand(condition[op], value)) {
      throw new Error(
        `pagelope/refine: two "${refine}" conditions on ${JSON.stringify(field)} with different values in one group ` +
          `cannot be sent: the grammar takes one value per field and operator`,
      );
    }
  }
  return clause as WhereClause<Record<string, unknown>>;
}

function sameOperand(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((value, i) => sameScalar(value, right[i]));
  }
  return sameScalar(left, right);
}

function sameScalar(left: unknown, right: unknown): boolean {
  if (left instanceof Date && right instanceof Date) return left.getTime() === right.getTime();
  return Object.is(left, right);
}
