import { bindValue } from './sql-context';
import type { StatementContext } from './statement-context';
import { fieldsOfParams } from './write-fields';

type Row = Readonly<Record<string, unknown>>;

/** The most bind parameters PostgreSQL takes in one statement (the wire protocol counts them in 16 bits). */
const MAX_BIND_PARAMETERS = 65_535;

/** What {@link insertStatements} needs of the table. */
export interface InsertTarget {
  /** The quoted table. */
  readonly table: string;
  /** The fields, in column order. */
  readonly fields: readonly string[];
  /** The quoted column of a field. */
  readonly column: (field: string) => string;
  readonly idField: string;
  /** A fresh statement context (parameters numbered from `$1`). */
  readonly context: () => Promise<StatementContext>;
}

/** One multi-row `INSERT`: its text and values, the field of each parameter, and the records it holds. */
export interface InsertStatement {
  readonly text: string;
  readonly values: unknown[];
  /** The field of each bind parameter by its number, for the write-error mapper. */
  readonly paramFields: ReadonlyMap<number, string>;
  readonly records: readonly Row[];
}

/**
 * The `INSERT INTO table (columns) VALUES (...), (...) RETURNING ...` statements that store `records` (validated,
 * checked against their columns): one, unless the values exceed `maxParameters` bind parameters, then as few as fit,
 * in order. A statement's columns are those any of its records has a value for (`undefined`: no value); a record
 * without a value for one of them gets `DEFAULT` there, as a single `create` leaves the column out. Every value is a
 * bind parameter, cast as its column takes it.
 */
export async function insertStatements(
  records: readonly Row[],
  target: InsertTarget,
  maxParameters = MAX_BIND_PARAMETERS,
): Promise<InsertStatement[]> {
  const chunks: Row[][] = [];
  let chunk: Row[] = [];
  let parameters = 0;
  for (const record of records) {
    const count = target.fields.filter((field) => record[field] !== undefined).length;
    if (chunk.length > 0 && parameters + count > maxParameters) {
      chunks.push(chunk);
      chunk = [];
      parameters = 0;
    }
    chunk.push(record);
    parameters += count;
  }
  if (chunk.length > 0) chunks.push(chunk);

  const statements: InsertStatement[] = [];
  for (const rows of chunks) {
    const context = await target.context();
    const given = target.fields.filter((field) => rows.some((record) => record[field] !== undefined));
    // Records with no value at all still need one column to list: the id, left to its default.
    const names = given.length > 0 ? given : [target.idField];
    const paramFields = new Map<number, string>();
    const tuples = rows.map((record) => {
      const placeholders = names.map((field) =>
        record[field] === undefined ? 'DEFAULT' : bindValue(field, record[field], context),
      );
      for (const [number, field] of fieldsOfParams(names, placeholders)) paramFields.set(number, field);
      return `(${placeholders.join(', ')})`;
    });
    statements.push({
      text:
        `INSERT INTO ${target.table} (${names.map(target.column).join(', ')}) VALUES ${tuples.join(', ')} ` +
        `RETURNING ${context.layout.selectOf()}`,
      values: context.params.values,
      paramFields,
      records: rows,
    });
  }
  return statements;
}
