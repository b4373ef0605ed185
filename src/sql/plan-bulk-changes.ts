import { isRelationCondition, normalizeScope, type Condition, type ConditionGroups, type Resource } from 'pagelope/kit';
import { conditionProblem, isImpossibleScope, type SqlColumnKinds } from './check-column-values';
import { columnValueProblem } from './column-value-problem';
import { COLUMN_KINDS } from './column-kind';
import type { SqlChange } from './update-records';

type Row = Readonly<Record<string, unknown>>;

/** What {@link planBulkChanges} reads of the table. */
export interface SqlBulkRules {
  readonly resource: Resource;
  /** The fields a patch leaves to the column's default when it holds `undefined` (`databaseDefaults`). */
  readonly databaseDefaults: ReadonlySet<string>;
  /** The kind of each field's column. */
  readonly kinds: SqlColumnKinds;
  /** Whether the values of a field can go into the one statement as a column of values (not JSON, an array, ...). */
  bulkable(field: string): boolean;
  /** A value of `field` as a key: two values the column holds as one have the same key. */
  key(field: string, value: unknown): string;
}

/** A batch update as one statement writes it: the fields it sets, each change's `where`, the scope. */
export interface SqlBulkPlan {
  /** The fields every patch sets, in code-unit order. */
  readonly fields: readonly string[];
  /** Each change's `where` as equalities on the same fields, in the same order (empty lists: no `where` at all). */
  readonly conditions: readonly (readonly Condition[])[];
  readonly scope: ReturnType<typeof normalizeScope> | undefined;
}

/** The fields every patch sets, the same for all, each bulkable and none the id or a default left to the database. */
function setFields(changes: readonly SqlChange[], rules: SqlBulkRules) {
  const fields = Object.keys(changes[0]?.patch ?? {}).sort();
  const same = (patch: Row) => {
    const names = Object.keys(patch).sort();
    return names.length === fields.length && names.every((name, i) => name === fields[i]);
  };
  if (
    fields.length === 0 ||
    fields.includes(rules.resource.idField) ||
    !changes.every((change) => same(change.patch))
  ) {
    return undefined;
  }
  const defaulted = (field: string) =>
    rules.databaseDefaults.has(field) && changes.some((change) => change.patch[field] === undefined);
  return fields.every((field) => rules.bulkable(field) && !defaulted(field)) ? fields : undefined;
}

/** A change's `where` as equalities of fields and scalar values (`{ version: 3 }`), else `undefined`. */
function equalities(where: unknown, rules: SqlBulkRules) {
  let groups: ConditionGroups;
  try {
    groups = normalizeScope(where, rules.resource);
  } catch {
    return undefined; // the change by itself throws what it throws
  }
  const [group, ...more] = groups;
  if (!group || more.length > 0) return undefined;
  const conditions: Condition[] = [];
  for (const term of group) {
    if (isRelationCondition(term) || term.op !== 'eq' || !rules.bulkable(term.field)) return undefined;
    const { value } = term;
    const scalar = ['string', 'number', 'boolean'].includes(typeof value) || value instanceof Date;
    if (!scalar || conditionProblem(term, rules.kinds) !== undefined) return undefined;
    conditions.push(term);
  }
  return conditions;
}

/** Every change's `where` as equalities on the same fields, in the same order (none: no `where` at all). */
function whereConditions(changes: readonly SqlChange[], rules: SqlBulkRules) {
  if (changes.every((change) => change.where === undefined)) return changes.map(() => []);
  const all = changes.map((change) => (change.where === undefined ? undefined : equalities(change.where, rules)));
  const [first] = all;
  const alike = (conditions: readonly Condition[] | undefined) =>
    conditions?.length === first?.length && conditions?.every((one, i) => one.field === first?.[i]?.field);
  return first && all.every(alike) ? (all as Condition[][]) : undefined;
}

/**
 * The plan of the one statement that applies `changes` (two or more) at once, when the batch allows it: every patch
 * sets the same fields, none of them the id, nor one `bulkable` refuses, nor a `databaseDefaults` field left
 * `undefined`; no id repeats; every id, scope and `where` value can be held by its column; every `where` is absent, or
 * all are equalities on the same fields.
 *
 * @returns the plan, or `undefined` when the changes must run one by one to answer as they would.
 */
export function planBulkChanges(
  changes: readonly SqlChange[],
  options: { readonly scope?: unknown } | undefined,
  rules: SqlBulkRules,
): SqlBulkPlan | undefined {
  if (changes.length < 2) return undefined;
  const { idField } = rules.resource;
  const idKind = rules.kinds(idField) ?? COLUMN_KINDS.text;
  const keys = new Set<string>();
  for (const { id } of changes) {
    if ((typeof id !== 'string' && typeof id !== 'number') || columnValueProblem(idKind, id) !== undefined) return;
    keys.add(rules.key(idField, id));
  }
  const fields = keys.size === changes.length ? setFields(changes, rules) : undefined;
  const conditions = fields && whereConditions(changes, rules);
  if (!fields || !conditions) return undefined;
  let scope: ReturnType<typeof normalizeScope> | undefined;
  try {
    scope = options?.scope == null ? undefined : normalizeScope(options.scope, rules.resource);
  } catch {
    return undefined;
  }
  return scope && isImpossibleScope(scope, rules.kinds) ? undefined : { fields, conditions, scope };
}
