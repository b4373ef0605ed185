import { HttpError, RELATED_READ_LIMIT, type FieldDef, type NormalizedQuery, type Resource } from 'pagelope/kit';
import type { SqlContextCompilers } from './create-context-compilers';
import { readPathValues, type SqlPathRead } from './plan-order-paths';
import type { SqlContext, SqlParamList } from './sql-context';
import type { SqlTypedDialect } from './typed-dialect';

type Row = Readonly<Record<string, unknown>>;

/**
 * A to-one relation the order reads whose repository is not on the statement's database (memory, another database):
 * its related values are read ahead and joined into the statement as parameter arrays.
 */
export interface SqlForeignJoin {
  /** The relation, the alias of the joined arrays (their columns `"id"` and `"v0"`, `"v1"`, ... one per field). */
  readonly read: SqlPathRead<unknown>;
  /** The type of the parent's relating column (the ids are bound as it, so the ON compares them directly). */
  readonly idType: string;
  /** The definition of each field of `read` and the SQL type its values are bound as (see `defaultType`). */
  readonly fields: readonly { readonly def: FieldDef; readonly type: string }[];
}

/** The (id, values) pairs of a {@link SqlForeignJoin}, bound as arrays (already in the column types' forms). */
export interface SqlForeignPairs {
  readonly ids: readonly unknown[];
  /** One array per field of the join, aligned with `ids`. */
  readonly values: readonly (readonly unknown[])[];
}

/** The column of the related field numbered `slot` of the foreign join under `alias` (unquoted). */
export const foreignColumn = (dialect: Pick<SqlTypedDialect, 'quoteIdentifier'>, alias: string, slot: number) =>
  `${dialect.quoteIdentifier(alias)}.${dialect.quoteIdentifier(`v${String(slot)}`)}`;

/**
 * The join of a foreign relation's pairs: `LEFT JOIN <the arrays' rows> AS alias("id", "v0", ...) ON alias."id" =
 * parent.field`. The ids are distinct, so the join keeps one row per parent, as the native join on the related id
 * does; a parent without a related record in scope finds no pair and reads NULL values.
 */
export function foreignJoinSql(
  join: SqlForeignJoin,
  pairs: SqlForeignPairs,
  parentColumn: string,
  { params, dialect }: { readonly params: SqlParamList; readonly dialect: SqlTypedDialect },
): string {
  const arrays = [
    params.add(pairs.ids, dialect.arrayType(join.idType)),
    ...join.fields.map((field, i) => params.add(pairs.values[i], dialect.arrayType(field.type))),
  ];
  const names = ['id', ...join.fields.map((_, i) => `v${String(i)}`)].map((name) => dialect.quoteIdentifier(name));
  const alias = dialect.quoteIdentifier(join.read.alias);
  return ` LEFT JOIN ${dialect.arrayRows(arrays)} AS ${alias}(${names.join(', ')}) ON ${alias}.${names[0] ?? ''} = ${parentColumn}`;
}

/** What {@link readForeignPairs} needs of the listing. */
export interface SqlForeignReadOptions {
  readonly dialect: SqlTypedDialect;
  readonly compilers: SqlContextCompilers;
  /** The listing's query (its filter and search select the parents whose relating values are read). */
  readonly query: NormalizedQuery;
  /** The quoted parent table, and the listing's statement context (its relation subqueries included). */
  readonly table: string;
  readonly context: SqlContext;
  readonly run: (text: string, values: unknown[]) => Promise<readonly Row[]>;
  readonly parent: Resource;
  /** A value of `field` of `resource` as the driver read it, as the record holds it. */
  readonly toValue: (resource: Resource, field: string) => (value: unknown) => unknown;
}

/**
 * Reads the pairs of a foreign join: the distinct non-null relating values of the parents the listing's filter
 * selects (one statement, at most {@link RELATED_READ_LIMIT} values), then the related records of those ids within
 * the related scope through the related repository's `listByValues` (or the kit's, over its `listByCursor`).
 *
 * @throws HttpError 400 when the parents name more than `RELATED_READ_LIMIT` related ids, or a related value is one
 *   the database cannot hold; whatever the related repository throws.
 */
export async function readForeignPairs(join: SqlForeignJoin, options: SqlForeignReadOptions): Promise<SqlForeignPairs> {
  const { context, run, dialect, compilers } = options;
  const { read, idType } = join;
  const { relation } = read;
  const column = context.column(relation.field);
  const where = compilers.compileFilter(options.query, context);
  const limit = context.params.add(RELATED_READ_LIMIT + 1);
  const rows = await run(
    `SELECT DISTINCT ${dialect.readExpression(column, idType)} AS ${dialect.quoteIdentifier(relation.field)} ` +
      `FROM ${options.table} WHERE (${where}) AND ${column} IS NOT NULL LIMIT ${limit}`,
    context.params.values,
  );
  if (rows.length > RELATED_READ_LIMIT) {
    const paths = read.fields.map((field) => JSON.stringify(`${relation.name}.${field}`)).join(', ');
    throw new HttpError(400, `orderBy: sorting by ${paths} reads more than ${RELATED_READ_LIMIT} related records`);
  }
  const toValue = options.toValue(options.parent, relation.field);
  const related = await readPathValues(
    read,
    rows.map((row) => toValue(row[relation.field])),
  );
  const ids: unknown[] = [];
  const columns: unknown[][] = join.fields.map(() => []);
  for (const { id, values } of related.values()) {
    // An id the parent's column cannot hold names no parent.
    if (compilers.valueProblem(idType, id) !== undefined) continue;
    ids.push(dialect.toParam(idType, id));
    join.fields.forEach(({ def, type }, i) => {
      const value = values[i];
      const problem = compilers.valueProblem(type, value);
      if (problem) {
        const path = `${relation.name}.${read.fields[i] ?? ''}`;
        throw new HttpError(
          400,
          `orderBy: sorting by "${path}" meets a related value ${dialect.name} cannot hold (${problem})`,
        );
      }
      columns[i]?.push(def.kind === 'other' && value !== null ? JSON.stringify(value) : dialect.toParam(type, value));
    });
  }
  return { ids, values: columns };
}
