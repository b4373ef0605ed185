import type { SqlRecordSource } from './read-record';
import type { SqlRow } from './write-dialect';

/** What {@link insertStatements} reads of the table: its single-record source, its fields in column order. */
export type SqlInsertTarget = SqlRecordSource;

/** One multi-row `INSERT`: its text and values, the field of each parameter, and the records it holds. */
export interface InsertStatement {
  readonly text: string;
  readonly values: unknown[];
  /** The field of each bind parameter by its number (from 1), for the write-error mapping. */
  readonly paramFields: ReadonlyMap<number, string>;
  readonly records: readonly Readonly<SqlRow>[];
}

/** The fields of `record` that hold a value (`undefined`: none). */
const givenFields = (record: Readonly<SqlRow>, fields: readonly string[]) =>
  fields.filter((field) => record[field] !== undefined);

/** `records` in order, cut where the next one would take the statement past `max` bind parameters. */
function chunksOf(records: readonly Readonly<SqlRow>[], target: SqlInsertTarget): Readonly<SqlRow>[][] {
  const { maxParameters, valuesDefault } = target.dialect;
  const fields = [...target.resource.fields.keys()];
  const chunks: Readonly<SqlRow>[][] = [];
  let chunk: Readonly<SqlRow>[] = [];
  let parameters = 0;
  for (const record of records) {
    const count = givenFields(record, fields).length;
    // Without DEFAULT in VALUES, a record with no value is `DEFAULT VALUES`: one row a statement.
    const alone = count === 0 && valuesDefault !== true;
    if (chunk.length > 0 && (alone || parameters + count > maxParameters)) {
      chunks.push(chunk);
      chunk = [];
      parameters = 0;
    }
    chunk.push(record);
    parameters += count;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** The INSERT of `rows` (`conflict`, the dialect's clause skipping a stored id, before its `RETURNING`). */
export async function statementOf(
  rows: readonly Readonly<SqlRow>[],
  target: SqlInsertTarget,
  conflict = '',
): Promise<InsertStatement> {
  const { dialect, table, resource } = target;
  const statement = await target.statement();
  const returning = `${conflict}${dialect.returning.insert ? ` RETURNING ${statement.select}` : ''}`;
  const given = [...resource.fields.keys()].filter((field) => rows.some((record) => record[field] !== undefined));
  const paramFields = new Map<number, string>();
  if (given.length === 0 && dialect.valuesDefault !== true) {
    return { text: `INSERT INTO ${table} DEFAULT VALUES${returning}`, values: [], paramFields, records: rows };
  }
  // Records with no value at all still need one column to list: the id, left to its default.
  const names = given.length > 0 ? given : [resource.idField];
  const tuples = rows.map((record) => {
    const placeholders = names.map((field) => {
      if (record[field] === undefined) return 'DEFAULT';
      const placeholder = statement.bind(field, record[field]);
      paramFields.set(statement.values.length, field);
      return placeholder;
    });
    return `(${placeholders.join(', ')})`;
  });
  const columns = names.map((field) => target.column(field)).join(', ');
  return {
    text: `INSERT INTO ${table} (${columns}) VALUES ${tuples.join(', ')}${returning}`,
    values: statement.values,
    paramFields,
    records: rows,
  };
}

/**
 * The `INSERT INTO table (columns) VALUES (...), (...) [RETURNING ...]` statements that store `records` (validated),
 * as few as the dialect's bind parameters allow, every value a bind parameter. Where the dialect takes `DEFAULT` in
 * `VALUES`, a statement lists the columns any of its records gives and a record without a value for one gets
 * `DEFAULT` there, as a single create leaves the column out; elsewhere the records go in one statement per set of
 * columns given (`DEFAULT VALUES` for a record that gives none), in the order each set first appears.
 */
export async function insertStatements(
  records: readonly Readonly<SqlRow>[],
  target: SqlInsertTarget,
): Promise<InsertStatement[]> {
  const groups = new Map<string, Readonly<SqlRow>[]>();
  const fields = [...target.resource.fields.keys()];
  for (const record of records) {
    const key = target.dialect.valuesDefault === true ? '' : givenFields(record, fields).join(',');
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  const statements: InsertStatement[] = [];
  for (const group of groups.values()) {
    for (const chunk of chunksOf(group, target)) statements.push(await statementOf(chunk, target));
  }
  return statements;
}
