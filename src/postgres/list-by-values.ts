import { normalizeScope, type ByValuesOptions, type OrderTerm, type RecordId, type Resource } from 'pagelope/kit';
import { isImpossibleScope } from './check-values';
import { compileOrder } from '../sql/index';
import { compileWhere } from './compile-where';
import { keyText } from './key-text';
import { bindList, orderSourceOf } from './sql-context';
import { sqlValueProblem } from './sql-values';
import type { StatementContext } from './statement-context';

type Row = Readonly<Record<string, unknown>>;

/** What {@link listByValues} and {@link countByValues} need of the repository. */
export interface ByValuesTable {
  readonly resource: Resource;
  /** The quoted table. */
  readonly table: string;
  readonly run: (text: string, values: unknown[]) => Promise<readonly Row[]>;
}

/**
 * The statement's filter: `field = ANY($1::type[])` over the values its column can hold (others match no record, so
 * they bind nothing: never a database error), ANDed with the scope; `undefined` when nothing can match.
 *
 * @throws TypeError (a server fault) for a field the resource lacks or a `perValue` that is not a positive integer.
 */
function compileMatch(
  method: string,
  field: string,
  values: readonly RecordId[],
  options: ByValuesOptions<unknown>,
  { resource }: ByValuesTable,
  context: StatementContext,
): string | undefined {
  if (typeof field !== 'string' || !resource.fields.has(field)) {
    throw new TypeError(`${method}: "${String(field)}" is not a field of "${resource.name}"`);
  }
  const { perValue } = options;
  if (perValue !== undefined && !(Number.isSafeInteger(perValue) && perValue > 0)) {
    throw new TypeError(`${method}: perValue must be a positive integer`);
  }
  const type = context.types.get(field) ?? 'text';
  const usable = new Map<string, unknown>();
  for (const value of values) {
    if (value != null && sqlValueProblem(type, value) === undefined) usable.set(keyText(type, value), value);
  }
  if (usable.size === 0) return undefined;
  const groups = options.scope == null ? [[]] : normalizeScope(options.scope, resource);
  if (isImpossibleScope(groups, context)) return undefined;
  const match = `${context.column(field)} = ANY(${bindList(field, [...usable.values()], context)})`;
  const scope = compileWhere(groups, context);
  return scope === 'TRUE' ? match : `${match} AND (${scope})`;
}

/**
 * `Repository.listByValues` in one statement: the records whose `field` holds one of `values` (within the scope), in
 * the resource's default order then id (unordered when `ordered` is `false`); with `perValue`, at most that many per
 * value, numbered by `row_number() OVER (PARTITION BY field ORDER BY <default order>)`.
 */
export async function listByValues(
  field: string,
  values: readonly RecordId[],
  options: ByValuesOptions<unknown>,
  table: ByValuesTable,
  context: StatementContext,
): Promise<readonly Row[]> {
  const where = compileMatch('listByValues', field, values, options, table, context);
  if (where === undefined) return [];
  const select = context.layout.selectOf();
  if (options.ordered === false && options.perValue === undefined)
    return table.run(`SELECT ${select} FROM ${table.table} WHERE ${where}`, context.params.values);
  const { resource } = table;
  const order: readonly OrderTerm[] = resource.defaultOrder.some((term) => term.field === resource.idField)
    ? resource.defaultOrder
    : [...resource.defaultOrder, { field: resource.idField, direction: 'asc' }];
  const orderBy = compileOrder(order, orderSourceOf(context));
  if (options.perValue === undefined) {
    return table.run(`SELECT ${select} FROM ${table.table} WHERE ${where} ORDER BY ${orderBy}`, context.params.values);
  }
  const numbered =
    `SELECT ${select}, row_number() OVER (PARTITION BY ${context.column(field)} ORDER BY ${orderBy}) AS "~n", ` +
    `row_number() OVER (ORDER BY ${orderBy}) AS "~o" FROM ${table.table} WHERE ${where}`;
  return table.run(
    `SELECT * FROM (${numbered}) AS "~w" WHERE "~n" <= ${context.params.add(options.perValue)} ORDER BY "~o"`,
    context.params.values,
  );
}

/**
 * `Repository.countByValues` in one `GROUP BY` statement: the number of records (within the scope) whose `field`
 * holds each of `values`, keyed by the values as given; a value no record holds is absent.
 */
export async function countByValues(
  field: string,
  values: readonly RecordId[],
  options: ByValuesOptions<unknown>,
  table: ByValuesTable,
  context: StatementContext,
): Promise<ReadonlyMap<RecordId, number>> {
  const counts = new Map<RecordId, number>();
  const where = compileMatch('countByValues', field, values, { scope: options.scope }, table, context);
  if (where === undefined) return counts;
  const rows = await table.run(
    `SELECT ${context.column(field)} AS "~v", count(*)::float8 AS "~n" FROM ${table.table} WHERE ${where} GROUP BY 1`,
    context.params.values,
  );
  const type = context.types.get(field) ?? 'text';
  const byKey = new Map(rows.map((row) => [keyText(type, row['~v']), Number(row['~n'])]));
  for (const value of values) {
    const count = value == null ? undefined : byKey.get(keyText(type, value));
    if (count !== undefined) counts.set(value, count);
  }
  return counts;
}
