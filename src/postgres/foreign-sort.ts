import { HttpError, RELATED_READ_LIMIT, type FieldDef, type NormalizedQuery, type Resource } from 'pagelope/kit';
import { readPathValues, type SqlPathRead } from '../sql/index';
import { compileFilter } from './compile-search';
import { quoteIdentifier } from './quote-identifier';
import { createRowMapper } from './row-mapper';
import type { SqlContext } from './sql-context';
import type { SqlParams } from './sql-params';
import { arrayTypeOf, type SqlType } from './sql-types';
import { sqlValueProblem, toSqlParam } from './sql-values';
import { readExpression } from './table-layout';

type Row = Readonly<Record<string, unknown>>;

/**
 * A to-one relation the order reads whose repository is not a PostgreSQL repository on the same client (memory,
 * another database): its related values are read ahead and joined into the statement as parameter arrays.
 */
export interface ForeignSortJoin {
  /** The relation, the alias of the joined `unnest` (its columns `"id"` and `"v0"`, `"v1"`, ... one per field). */
  readonly read: SqlPathRead<unknown>;
  /** The type of the parent's relating column (the ids are bound as it, so the ON compares them directly). */
  readonly idType: SqlType;
  /** The definition of each field of `read` and the SQL type its values are bound as (see `defaultSqlType`). */
  readonly fields: readonly { readonly def: FieldDef; readonly type: SqlType }[];
}

/** The (id, values) pairs of a {@link ForeignSortJoin}, bound as arrays (already in the column types' forms). */
export interface ForeignPairs {
  readonly ids: readonly unknown[];
  /** One array per field of the join, aligned with `ids`. */
  readonly values: readonly (readonly unknown[])[];
}

/** The column of the related field numbered `slot` of the foreign join under `alias` (unquoted). */
export const foreignColumn = (alias: string, slot: number): string => `"${alias}"."v${String(slot)}"`;

/**
 * The join of a foreign relation's pairs: `LEFT JOIN unnest($ids::type[], $v0::type[], ...) AS alias("id", "v0",
 * ...) ON alias."id" = parent.field`. The ids are distinct, so the join keeps one row per parent, as the native join
 * on the related id does; a parent without a related record in scope finds no pair and reads NULL values.
 */
export function foreignJoinSql(join: ForeignSortJoin, pairs: ForeignPairs, parentColumn: string, params: SqlParams) {
  const arrays = [
    params.add(pairs.ids, arrayTypeOf(join.idType)),
    ...join.fields.map((field, i) => params.add(pairs.values[i], arrayTypeOf(field.type))),
  ];
  const names = ['"id"', ...join.fields.map((_, i) => `"v${String(i)}"`)];
  const alias = `"${join.read.alias}"`;
  return ` LEFT JOIN unnest(${arrays.join(', ')}) AS ${alias}(${names.join(', ')}) ON ${alias}."id" = ${parentColumn}`;
}

/** What {@link readForeignPairs} needs of the listing. */
export interface ForeignReadOptions {
  /** The listing's query (its filter and search select the parents whose relating values are read). */
  readonly query: NormalizedQuery;
  /** The quoted parent table, and the listing's statement context (its relation subqueries included). */
  readonly table: string;
  readonly context: SqlContext;
  readonly run: (text: string, values: unknown[]) => Promise<readonly Row[]>;
  readonly parent: Resource;
}

/**
 * Reads the pairs of a foreign join: the distinct non-null relating values of the parents the listing's filter
 * selects (one statement, at most {@link RELATED_READ_LIMIT} values), then the related records of those ids within
 * the related scope through the related repository's `listByValues` (or the kit's, over its `listByCursor`).
 *
 * @throws HttpError 400 when the parents name more than `RELATED_READ_LIMIT` related ids, or a related value is one
 *   PostgreSQL cannot hold (a NUL character, a date outside the years 0001-9999); whatever the related repository
 *   throws.
 */
export async function readForeignPairs(join: ForeignSortJoin, options: ForeignReadOptions): Promise<ForeignPairs> {
  const { context, run } = options;
  const { read, idType } = join;
  const { relation } = read;
  const column = context.column(relation.field);
  const where = compileFilter(options.query, context);
  const limit = context.params.add(RELATED_READ_LIMIT + 1);
  const rows = await run(
    `SELECT DISTINCT ${readExpression(column, idType)} AS ${quoteIdentifier(relation.field)} ` +
      `FROM ${options.table} WHERE (${where}) AND ${column} IS NOT NULL LIMIT ${limit}`,
    context.params.values,
  );
  if (rows.length > RELATED_READ_LIMIT) {
    const paths = read.fields.map((field) => JSON.stringify(`${relation.name}.${field}`)).join(', ');
    throw new HttpError(400, `orderBy: sorting by ${paths} reads more than ${RELATED_READ_LIMIT} related records`);
  }
  const toValue = createRowMapper(options.parent).pick([relation.field]);
  const related = await readPathValues(
    read,
    rows.map((row) => toValue(row)[relation.field]),
  );
  const ids: unknown[] = [];
  const columns: unknown[][] = join.fields.map(() => []);
  for (const { id, values } of related.values()) {
    // An id the parent's column cannot hold names no parent.
    if (sqlValueProblem(idType, id) !== undefined) continue;
    ids.push(toSqlParam(idType, id));
    join.fields.forEach(({ def, type }, i) => {
      const value = values[i];
      const problem = sqlValueProblem(type, value);
      if (problem) {
        const path = `${relation.name}.${read.fields[i] ?? ''}`;
        throw new HttpError(
          400,
          `orderBy: sorting by "${path}" meets a related value PostgreSQL cannot hold (${problem})`,
        );
      }
      columns[i]?.push(def.kind === 'other' && value !== null ? JSON.stringify(value) : toSqlParam(type, value));
    });
  }
  return { ids, values: columns };
}
