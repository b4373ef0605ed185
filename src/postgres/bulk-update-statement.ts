import { isRelationCondition, normalizeScope, type Condition, type ConditionGroups, type Resource } from 'pagelope/kit';
import type { SqlChange as BulkChange } from '../sql/index';
import { conditionProblem, isImpossibleScope } from './check-values';
import { compileWhere } from './sql-context';
import { keyText } from './key-text';
import { arrayTypeOf, KNOWN_SQL_TYPES } from './sql-types';
import { sqlValueProblem, toSqlParam } from './sql-values';
import type { StatementContext } from './statement-context';

type Row = Readonly<Record<string, unknown>>;

/** What {@link bulkUpdateStatement} needs of the table. */
export interface BulkUpdateTarget {
  readonly resource: Resource;
  /** The quoted table. */
  readonly table: string;
  readonly idField: string;
  /** The quoted column of a field. */
  readonly column: (field: string) => string;
  /** The fields a patch leaves to the column's default when it holds `undefined` (`databaseDefaults`). */
  readonly databaseDefaults: ReadonlySet<string>;
}

/** The one UPDATE of a batch: its text and values, and the fields it sets. */
export interface BulkUpdateStatement {
  readonly text: string;
  readonly values: unknown[];
  readonly fields: readonly string[];
}

/** The output column that holds the position (from 1) of the change a returned row belongs to. */
export const BULK_ORDINAL = '~ord';

/** Column types whose arrays `unnest` hands back value for value as a parameter of the type would bind. */
const UNNESTABLE: ReadonlySet<string> = new Set([...KNOWN_SQL_TYPES].filter((type) => !type.startsWith('json')));

/** The type of a field's column when its values can go through `unnest` (not JSON, an array, an enum). */
function unnestableType(field: string, context: StatementContext): string | undefined {
  const type = context.types.get(field);
  const kind = context.fields.get(field)?.kind;
  return kind !== undefined && kind !== 'other' && type !== undefined && UNNESTABLE.has(type) ? type : undefined;
}

/** The fields every patch sets, the same for all, each unnestable and none the id or a default left to the database. */
function setFields(changes: readonly BulkChange[], target: BulkUpdateTarget, context: StatementContext) {
  const fields = Object.keys(changes[0]?.patch ?? {}).sort();
  const same = (patch: Row) => {
    const names = Object.keys(patch).sort();
    return names.length === fields.length && names.every((name, i) => name === fields[i]);
  };
  if (fields.length === 0 || fields.includes(target.idField) || !changes.every((change) => same(change.patch))) {
    return undefined;
  }
  const defaulted = (field: string) =>
    target.databaseDefaults.has(field) && changes.some((change) => change.patch[field] === undefined);
  return fields.every((field) => unnestableType(field, context) !== undefined && !defaulted(field))
    ? fields
    : undefined;
}

/** A change's `where` as equalities of fields and scalar values (`{ version: 3 }`), else `undefined`. */
function equalities(where: unknown, resource: Resource, context: StatementContext) {
  let groups: ConditionGroups;
  try {
    groups = normalizeScope(where, resource);
  } catch {
    return undefined; // the change by itself throws what it throws
  }
  const [group, ...more] = groups;
  if (!group || more.length > 0) return undefined;
  const conditions: Condition[] = [];
  for (const term of group) {
    if (isRelationCondition(term) || term.op !== 'eq' || unnestableType(term.field, context) === undefined) return;
    const { value } = term;
    const scalar = ['string', 'number', 'boolean'].includes(typeof value) || value instanceof Date;
    if (!scalar || conditionProblem(term, context) !== undefined) return undefined;
    conditions.push(term);
  }
  return conditions;
}

/** Every change's `where` as equalities on the same fields, in the same order (none: no `where` at all). */
function whereConditions(changes: readonly BulkChange[], resource: Resource, context: StatementContext) {
  if (changes.every((change) => change.where === undefined)) return changes.map(() => []);
  const all = changes.map((change) =>
    change.where === undefined ? undefined : equalities(change.where, resource, context),
  );
  const [first] = all;
  const alike = (conditions: readonly Condition[] | undefined) =>
    conditions?.length === first?.length && conditions?.every((one, i) => one.field === first?.[i]?.field);
  return first && all.every(alike) ? (all as Condition[][]) : undefined;
}

/**
 * The one `UPDATE table SET c = v.c, ... FROM unnest($1::uuid[], $2::text[], ...) WITH ORDINALITY AS v(...) WHERE
 * id = v.id AND version = v.w AND (<scope>) RETURNING <the select list>, v.ord` that applies `changes` (two or more)
 * at once, each array bound as its column's type, when the batch allows it: every patch sets the same fields, none
 * of them the id, JSON or an array, nor a `databaseDefaults` field left `undefined`; no id repeats; every id, scope
 * and `where` value can be held by its column; every `where` is absent, or all are equalities on the same fields.
 * A returned row carries the position (from 1) of its change as {@link BULK_ORDINAL}.
 *
 * @returns the statement, or `undefined` when the changes must run one by one to answer as they would.
 */
export function bulkUpdateStatement(
  changes: readonly BulkChange[],
  options: { readonly scope?: unknown } | undefined,
  target: BulkUpdateTarget,
  context: StatementContext,
): BulkUpdateStatement | undefined {
  if (changes.length < 2) return undefined;
  const { idField, resource } = target;
  const idType = context.types.get(idField) ?? 'text';
  const keys = new Set<string>();
  for (const { id } of changes) {
    if ((typeof id !== 'string' && typeof id !== 'number') || sqlValueProblem(idType, id) !== undefined) return;
    keys.add(keyText(idType, id));
  }
  const fields = keys.size === changes.length ? setFields(changes, target, context) : undefined;
  const conditions = fields && whereConditions(changes, resource, context);
  if (!fields || !conditions) return undefined;
  let scope: ReturnType<typeof normalizeScope> | undefined;
  try {
    scope = options?.scope == null ? undefined : normalizeScope(options.scope, resource);
  } catch {
    return undefined;
  }
  if (scope && isImpossibleScope(scope, context)) return undefined;

  const { params } = context;
  const bind = (type: string, values: readonly unknown[]) =>
    params.add(
      values.map((value) => toSqlParam(type, value ?? null)),
      arrayTypeOf(type),
    );
  const column = (field: string, pick: (change: BulkChange, i: number) => unknown) =>
    bind(unnestableType(field, context) ?? 'text', changes.map(pick));
  const ids = changes.map((change) => change.id);
  const whereFields = (conditions[0] ?? []).map((condition) => condition.field);
  const arrays = [
    bind(idType, ids),
    ...fields.map((field) => column(field, (change) => change.patch[field])),
    ...whereFields.map((field, k) => column(field, (_, i) => conditions[i]?.[k]?.value)),
  ];
  const names = ['"~id"', ...fields.map((_, i) => `"~s${i}"`), ...whereFields.map((_, i) => `"~w${i}"`)];
  const matches = [
    `${context.column(idField)} = "~v"."~id"`,
    ...whereFields.map((field, i) => `${context.column(field)} = "~v"."~w${i}"`),
  ];
  if (scope) matches.push(`(${compileWhere(scope, context)})`);
  const text =
    `UPDATE ${target.table} SET ${fields.map((field, i) => `${target.column(field)} = "~v"."~s${i}"`).join(', ')} ` +
    `FROM unnest(${arrays.join(', ')}) WITH ORDINALITY AS "~v"(${names.join(', ')}, "${BULK_ORDINAL}") ` +
    `WHERE ${matches.join(' AND ')} ` +
    `RETURNING ${context.layout.selectOf()}, "~v"."${BULK_ORDINAL}" AS "${BULK_ORDINAL}"`;
  return { text, values: params.values, fields };
}
