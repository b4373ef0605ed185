import { HttpError, duplicateIdError, type Resource } from 'pagelope/kit';
import { inList } from '../../sql/index';
import { nameForeignKey, type ForeignKeyTable } from './name-foreign-key';
import type { SqlColumn, SqlRepositoryOptions } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';
import { SqlStatement } from './sql-statement';
import { toItemWriteError, toWriteError, type WriteContext } from './to-write-error';

type Row = Record<string, unknown>;

/** What the statements of one table share (see `createSqlTable`): its names, its reading and its running. */
export interface SqlTableParts {
  readonly dialect: SqlRepositoryOptions['dialect'];
  readonly fields: readonly string[];
  /** `dialect.quoteIdentifier`. */
  readonly q: (name: string) => string;
  /** The quoted table. */
  readonly name: string;
  readonly idField: string;
  /** The quoted id column. */
  readonly idColumn: string;
  /** Every field's column read under the field's name (`"c_title" AS "title"`). */
  readonly selectList: string;
  readonly errorTable: ForeignKeyTable;
  column(field: string): SqlColumn;
  /** A new statement on the table's columns: its `bind` binds a field's value as the column stores it. */
  fresh(): SqlStatement;
  /** A row read under the fields' names as the record holds it (`fromDriver`; NULL absent unless the schema keeps it). */
  toRecord(row: Readonly<Row>): Row;
  /** The records a statement reads; a write's error (with `context`) as the repository answers it. */
  run(on: SqlRunner, text: string, values: readonly unknown[], context?: WriteContext): Promise<Row[]>;
  /** `id IN (...)` over these ids, bound on `statement`. */
  inIds(statement: SqlStatement, ids: readonly unknown[]): string;
  /** The records with these ids, in no particular order. */
  byIds(on: SqlRunner, ids: readonly unknown[]): Promise<Row[]>;
}

/**
 * The shared parts of the table of `options` for `resource`.
 *
 * @throws TypeError when a field of the resource has no column in `options.columns`.
 */
export function createTableParts(resource: Resource, options: SqlRepositoryOptions): SqlTableParts {
  const { dialect, columns } = options;
  const q = dialect.quoteIdentifier;
  const fields = [...resource.fields.keys()];
  for (const field of fields) {
    if (!columns.has(field))
      throw new TypeError(`createSqlRepository: field "${field}" of "${resource.name}" has no column`);
  }
  const column = (field: string) => columns.get(field) as SqlColumn;
  const shape = resource.schema.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
  const keepsNull = new Set(fields.filter((field) => shape[field]?.safeParse(null).success === true));
  const name = q(options.table);
  const idField = resource.idField;
  const idColumn = q(column(idField).name);
  const fieldOfColumn = new Map(fields.map((field) => [column(field).name, field]));
  const errorTable = {
    resource,
    dialect,
    columns,
    tableName: options.table,
    fieldOf: (c: string) => fieldOfColumn.get(c),
  };
  const toRecord = (row: Readonly<Row>): Row => {
    const record: Row = {};
    for (const field of fields) {
      const value = row[field];
      if (value === null || value === undefined) {
        if (keepsNull.has(field)) record[field] = null;
      } else record[field] = column(field).fromDriver(value);
    }
    return record;
  };
  const fresh = () => new SqlStatement(dialect, columns, undefined);
  const selectList = fields.map((field) => `${q(column(field).name)} AS ${q(field)}`).join(', ');
  const parts: SqlTableParts = {
    dialect,
    fields,
    q,
    name,
    idField,
    idColumn,
    selectList,
    errorTable,
    column,
    fresh,
    toRecord,
    async run(on, text, values, context) {
      try {
        return (await on.all(text, values)).map(toRecord);
      } catch (error) {
        throw context ? toWriteError(error, errorTable, context) : error;
      }
    },
    inIds: (statement, ids) => inList(idColumn, { items: ids.map((id) => statement.bind(idField, id)) }, false),
    byIds(on, ids) {
      const statement = fresh();
      return parts.run(on, `SELECT ${selectList} FROM ${name} WHERE ${parts.inIds(statement, ids)}`, statement.values);
    },
  };
  return parts;
}

/** For a multi-row INSERT refused on the id: the 409 of the first record whose id is stored, else `error`. */
async function storedIdError(
  parts: SqlTableParts,
  on: SqlRunner,
  chunk: readonly Row[],
  error: unknown,
): Promise<unknown> {
  const { dialect, idField, idColumn, name, q } = parts;
  const cause = error instanceof HttpError ? error.cause : error;
  const violation = dialect.constraintViolation(cause);
  if (violation?.kind !== 'unique' || violation.columns?.join() !== parts.column(idField).name) return error;
  const ids = chunk.map((record) => record[idField]).filter((id) => id !== undefined);
  const statement = parts.fresh();
  const where = parts.inIds(statement, ids);
  const stored = new Set(
    (await on.all(`SELECT ${idColumn} AS ${q(idField)} FROM ${name} WHERE ${where}`, statement.values)).map((row) =>
      String(parts.toRecord(row)[idField]),
    ),
  );
  const first = ids.find((id) => stored.has(String(id)));
  return first === undefined
    ? error
    : new HttpError(409, duplicateIdError(parts.errorTable.resource, first).message, { cause });
}

/**
 * Inserts the records of one set of columns (`key`, the names joined by commas), in multi-row INSERTs of at most the
 * dialect's parameters, and sets each record's stored row in `stored`.
 */
async function insertGroup(
  parts: SqlTableParts,
  tx: SqlRunner,
  key: string,
  group: readonly Row[],
  stored: Map<Row, Row>,
): Promise<void> {
  const { dialect, idField, name, q, selectList } = parts;
  const names = key === '' ? [] : key.split(',');
  const perRow = Math.max(names.length, 1);
  const size = Math.max(1, Math.floor(dialect.maxParameters / perRow));
  for (let start = 0; start < group.length; start += size) {
    const chunk = group.slice(start, start + size);
    const statement = parts.fresh();
    const tuples = chunk.map((record) => `(${names.map((field) => statement.bind(field, record[field])).join(', ')})`);
    const { values } = statement;
    const ids = chunk.map((record) => record[idField]);
    if (!dialect.returning.insert && ids.some((id) => id === undefined)) {
      throw new TypeError(
        `${dialect.name}: a record whose id the database assigns cannot be read back without INSERT ... RETURNING`,
      );
    }
    const returning = dialect.returning.insert ? ` RETURNING ${selectList}` : '';
    const text =
      names.length === 0
        ? `INSERT INTO ${name} DEFAULT VALUES${returning}`
        : `INSERT INTO ${name} (${names.map((field) => q(parts.column(field).name)).join(', ')}) VALUES ` +
          `${tuples.join(', ')}${returning}`;
    const inserted = await parts
      .run(tx, text, values, { operation: 'create', id: chunk[0]?.[idField] })
      .catch(async (error: unknown) => {
        throw chunk.length > 1
          ? await storedIdError(parts, tx, chunk, error)
          : await nameForeignKey(tx, error, chunk[0] as Row, parts.errorTable);
      });
    const rows = returning ? inserted : await parts.byIds(tx, ids);
    // RETURNING gives the rows in no promised order: matched by id when the ids were given.
    chunk.forEach((record, i) => {
      const id = record[idField];
      const row = id === undefined ? rows[i] : rows.find((candidate) => String(candidate[idField]) === String(id));
      if (row) stored.set(record, row);
    });
  }
}

/**
 * Inserts `records` (one multi-row INSERT per set of columns given, in one transaction when there are several) and
 * returns them as stored, in their order. A constraint a multi-row INSERT broke names no row: the records are then
 * inserted one by one (rolled back) to find the first one refused, whose error names its item
 * (`items[56].authorId: ...`).
 */
export async function insertRecords(parts: SqlTableParts, on: SqlRunner, records: readonly Row[]): Promise<Row[]> {
  const { dialect, fields, errorTable } = parts;
  const keyOf = (record: Row) => fields.filter((field) => record[field] !== undefined).join(',');
  const groups = new Map<string, Row[]>();
  for (const record of records) groups.set(keyOf(record), [...(groups.get(keyOf(record)) ?? []), record]);
  const stored = new Map<Row, Row>();
  const one = groups.size === 1 && records.length <= Math.floor(dialect.maxParameters / Math.max(fields.length, 1));
  try {
    if (one) {
      const [[key, group]] = [...groups] as [[string, Row[]]];
      await insertGroup(parts, on, key, group, stored);
    } else {
      await on.transaction(async (tx) => {
        for (const [key, group] of groups) await insertGroup(parts, tx, key, group, stored);
      });
    }
  } catch (error) {
    if (records.length < 2 || toItemWriteError(error, 0, errorTable) === error) throw error;
    const located = await on
      .transaction(async (tx) => {
        for (const [i, record] of records.entries()) {
          await insertGroup(parts, tx, keyOf(record), [record], stored).catch((failure: unknown) => {
            throw toItemWriteError(failure, i, errorTable);
          });
        }
        throw error;
      })
      .catch((failure: unknown) => failure);
    throw located;
  }
  return records.map((record) => stored.get(record) as Row);
}
