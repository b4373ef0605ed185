import {
  columnKey,
  planBulkChanges,
  rowOrderMatters,
  typedColumnKinds,
  type SqlBulkPlan,
  type SqlBulkUpdate,
  type SqlChange,
  type SqlRecordOptions,
} from '../sql/index';
import { compileWhere } from './sql-context';
import type { PostgresRepositoryParts } from './postgres-repository-parts';
import { arrayTypeOf, KNOWN_SQL_TYPES } from './sql-types';
import { toSqlParam } from './sql-values';
import { POSTGRES_TYPED_DIALECT } from './postgres-typed-dialect';
import type { StatementContext } from './statement-context';
import { catalogReaderOf, runStatement } from './transaction';
import { uniqueIndexColumns } from './unique-index-columns';

/** The output column that holds the position (from 1) of the change a returned row belongs to. */
const BULK_ORDINAL = '~ord';

/** Column types whose arrays `unnest` hands back value for value as a parameter of the type would bind. */
const UNNESTABLE: ReadonlySet<string> = new Set([...KNOWN_SQL_TYPES].filter((type) => !type.startsWith('json')));

/** The type of a field's column when its values can go through `unnest` (not JSON, an array, an enum). */
function unnestableType(field: string, context: StatementContext): string | undefined {
  const type = context.types.get(field);
  const kind = context.fields.get(field)?.kind;
  return kind !== undefined && kind !== 'other' && type !== undefined && UNNESTABLE.has(type) ? type : undefined;
}

/**
 * The one `UPDATE table SET c = v.c, ... FROM unnest($1::uuid[], $2::text[], ...) WITH ORDINALITY AS v(...) WHERE
 * id = v.id AND version = v.w AND (<scope>) RETURNING <the select list>, v.ord` of the SQL engine's `plan`
 * (`planBulkChanges`), each array bound as its column's type; a returned row carries the position (from 1) of its
 * change as {@link BULK_ORDINAL}.
 */
function bulkUpdateStatement(
  changes: readonly SqlChange[],
  { fields, conditions, scope }: SqlBulkPlan,
  parts: { readonly table: string; readonly idField: string; name(field: string): string },
  context: StatementContext,
): SqlBulkUpdate {
  const { params } = context;
  const { idField } = parts;
  const bind = (type: string, values: readonly unknown[]) =>
    params.add(
      values.map((value) => toSqlParam(type, value ?? null)),
      arrayTypeOf(type),
    );
  const column = (field: string, pick: (change: SqlChange, i: number) => unknown) =>
    bind(unnestableType(field, context) ?? 'text', changes.map(pick));
  const whereFields = (conditions[0] ?? []).map((condition) => condition.field);
  const arrays = [
    bind(
      context.types.get(idField) ?? 'text',
      changes.map((change) => change.id),
    ),
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
    `UPDATE ${parts.table} SET ${fields.map((field, i) => `${parts.name(field)} = "~v"."~s${i}"`).join(', ')} ` +
    `FROM unnest(${arrays.join(', ')}) WITH ORDINALITY AS "~v"(${names.join(', ')}, "${BULK_ORDINAL}") ` +
    `WHERE ${matches.join(' AND ')} ` +
    `RETURNING ${context.layout.selectOf()}, "~v"."${BULK_ORDINAL}" AS "${BULK_ORDINAL}"`;
  return { text, values: params.values, ordinal: BULK_ORDINAL };
}

/**
 * The one UPDATE of a batch of changes (patches validated and checked), see `bulkUpdateStatement`, which the SQL
 * engine's `updateRecords` runs in a transaction (a savepoint of the caller's), rolling it back to run the changes one
 * by one after a constraint or data error. None when the batch does not allow it (see `planBulkChanges`: JSON, arrays
 * and enums do not go through `unnest`), nor when a field it sets is read by a unique index or an exclusion constraint
 * (whose checks depend on the order of the rows), unless only by a predicate `WHERE field IS NULL` (a soft delete's)
 * and never set to null.
 *
 * @returns the statement, or `undefined` when the changes must run one by one.
 */
export async function bulkUpdate<TRecord>(
  parts: PostgresRepositoryParts<TRecord>,
  changes: readonly SqlChange[],
  options: SqlRecordOptions | undefined,
): Promise<SqlBulkUpdate | undefined> {
  const context = await parts.contextOf();
  const kinds = typedColumnKinds(POSTGRES_TYPED_DIALECT, context);
  const plan = planBulkChanges(changes, options, {
    resource: parts.generic,
    databaseDefaults: parts.record.filledByDatabase,
    kinds,
    bulkable: (field) => unnestableType(field, context) !== undefined,
    key: (field, value) => columnKey(kinds(field), value),
  });
  if (!plan) return undefined;
  const statement = bulkUpdateStatement(changes, plan, parts, context);
  // Read before the transaction: on one connection, a read queued behind it would never run.
  const { client } = parts;
  const reader = catalogReaderOf(client) ?? { query: (text, values) => runStatement(client, text, values ?? []) };
  const indexed = await uniqueIndexColumns(reader, parts.table, context.types);
  if (!indexed || rowOrderMatters(plan.fields, changes, (field) => indexed.get(parts.name(field)))) return undefined;
  return statement;
}
