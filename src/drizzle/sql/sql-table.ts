import { HttpError, duplicateIdError, type RecordId, type Resource } from 'pagelope/kit';
import { inList } from '../../sql/index';
import type { SqlRepositoryOptions } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';
import { SqlStatement } from './sql-statement';
import { nameForeignKey } from './name-foreign-key';
import { toItemWriteError, toWriteError, type WriteContext } from './to-write-error';

/** A record as the repository holds it: field values by field name. */
export type Row = Record<string, unknown>;

/** The statements of one table, each run on the runner given (the database's, or a transaction's). */
export interface SqlTable {
  /** The record with this id, or `undefined`. */
  byId(on: SqlRunner, id: unknown): Promise<Row | undefined>;
  /** Every record of the table. */
  all(on: SqlRunner): Promise<Row[]>;
  /** A statement to write on this table's columns, its text folded by `on`'s lower function. */
  statement(on: SqlRunner): SqlStatement;
  /** The records `SELECT <every field> FROM <table> <clause>` reads, with `statement`'s parameters. */
  select(on: SqlRunner, clause: string, statement: SqlStatement): Promise<Row[]>;
  /** The number of rows `WHERE <where>` selects, with `statement`'s parameters. */
  count(on: SqlRunner, where: string, statement: SqlStatement): Promise<number>;
  /**
   * The number of rows `WHERE <where>` selects, counting no further than `bound` rows (a `LIMIT` in a subquery),
   * with `statement`'s parameters.
   */
  countUpTo(on: SqlRunner, where: string, statement: SqlStatement, bound: number): Promise<number>;
  /** The number of rows `WHERE <where>` selects for each value of `field` (as the record holds it). */
  countBy(on: SqlRunner, field: string, where: string, statement: SqlStatement): Promise<Map<unknown, number>>;
  /** Inserts `records` (one multi-row INSERT per set of columns given) and returns them as stored, in their order. */
  insert(on: SqlRunner, records: readonly Row[]): Promise<Row[]>;
  /** Sets the columns of `names` (NULL for an absent value) of the record with this id; `undefined` when none. */
  update(
    on: SqlRunner,
    id: unknown,
    changes: Row,
    names: readonly string[],
    operation: WriteContext['operation'],
  ): Promise<Row | undefined>;
  /** `error` of a write as the batch item at index `item` answers it (`items[56].authorId: ...`). */
  itemError(error: unknown, item: number): unknown;
  /** Deletes the records with these ids and returns them (in no particular order); `id` names the call in errors. */
  remove(on: SqlRunner, ids: readonly RecordId[], id: unknown): Promise<Row[]>;
}

/**
 * The statements of the table of `options` for `resource`: each field read under its own name (`"c_title" AS
 * "title"`), values bound through each column's `toDriver` and read back through its `fromDriver`, a NULL read as an
 * absent field unless the field's schema accepts null, and constraint errors turned into 4xx answers.
 *
 * @throws TypeError when a field of the resource has no column in `options.columns`.
 */
export function createSqlTable(resource: Resource, options: SqlRepositoryOptions): SqlTable {
  const { dialect, columns } = options;
  const q = dialect.quoteIdentifier;
  const fields = [...resource.fields.keys()];
  for (const field of fields) {
    if (!columns.has(field))
      throw new TypeError(`createSqlRepository: field "${field}" of "${resource.name}" has no column`);
  }
  const column = (field: string) => columns.get(field) as NonNullable<ReturnType<typeof columns.get>>;
  const shape = resource.schema.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
  const keepsNull = new Set(fields.filter((field) => shape[field]?.safeParse(null).success === true));
  const name = q(options.table);
  const idField = resource.idField;
  const idColumn = q(column(idField).name);
  const selectList = fields.map((field) => `${q(column(field).name)} AS ${q(field)}`).join(', ');
  const fieldOfColumn = new Map(fields.map((field) => [column(field).name, field]));
  const errorTable = {
    resource,
    dialect,
    columns,
    tableName: options.table,
    fieldOf: (c: string) => fieldOfColumn.get(c),
  };
  /** A new statement on the table's columns: its `bind` binds a field's value as the column stores it. */
  const fresh = () => new SqlStatement(dialect, columns, undefined);
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
  const run = async (on: SqlRunner, text: string, values: readonly unknown[], context?: WriteContext) => {
    try {
      return (await on.all(text, values)).map(toRecord);
    } catch (error) {
      throw context ? toWriteError(error, errorTable, context) : error;
    }
  };
  const inIds = (statement: SqlStatement, ids: readonly unknown[]) =>
    inList(idColumn, { items: ids.map((id) => statement.bind(idField, id)) }, false);

  /** The records with these ids, in no particular order. */
  const byIds = (on: SqlRunner, ids: readonly unknown[]) => {
    const statement = fresh();
    return run(on, `SELECT ${selectList} FROM ${name} WHERE ${inIds(statement, ids)}`, statement.values);
  };

  /** For a multi-row INSERT refused on the id: the 409 of the first record whose id is stored, else `error`. */
  const storedIdError = async (on: SqlRunner, chunk: readonly Row[], error: unknown): Promise<unknown> => {
    const cause = error instanceof HttpError ? error.cause : error;
    const violation = dialect.constraintViolation(cause);
    if (violation?.kind !== 'unique' || violation.columns?.join() !== column(idField).name) return error;
    const ids = chunk.map((record) => record[idField]).filter((id) => id !== undefined);
    const statement = fresh();
    const where = inIds(statement, ids);
    const stored = new Set(
      (await on.all(`SELECT ${idColumn} AS ${q(idField)} FROM ${name} WHERE ${where}`, statement.values)).map((row) =>
        String(toRecord(row)[idField]),
      ),
    );
    const first = ids.find((id) => stored.has(String(id)));
    return first === undefined ? error : new HttpError(409, duplicateIdError(resource, first).message, { cause });
  };

  return Object.freeze({
    async byId(on: SqlRunner, id: unknown) {
      const statement = fresh();
      const where = `${idColumn} = ${statement.bind(idField, id)}`;
      const [row] = await run(on, `SELECT ${selectList} FROM ${name} WHERE ${where}`, statement.values);
      return row;
    },
    all: (on: SqlRunner) => run(on, `SELECT ${selectList} FROM ${name}`, []),
    statement: (on: SqlRunner) => new SqlStatement(dialect, columns, on.lowerFunction),
    select: (on: SqlRunner, clause: string, statement: SqlStatement) =>
      run(on, `SELECT ${selectList} FROM ${name} ${clause}`, statement.values),
    async countBy(on: SqlRunner, field: string, where: string, statement: SqlStatement) {
      const key = q(column(field).name);
      const rows = await on.all(
        `SELECT ${key} AS ${q(field)}, count(*) AS ${q('n')} FROM ${name} WHERE ${where} GROUP BY ${key}`,
        statement.values,
      );
      return new Map(rows.map((row) => [toRecord(row)[field], Number(row['n'])]));
    },
    async count(on: SqlRunner, where: string, statement: SqlStatement) {
      const [row] = await on.all(`SELECT count(*) AS ${q('n')} FROM ${name} WHERE ${where}`, statement.values);
      return Number(row?.['n'] ?? 0);
    },
    async countUpTo(on: SqlRunner, where: string, statement: SqlStatement, bound: number) {
      const [row] = await on.all(
        `SELECT count(*) AS ${q('n')} FROM (SELECT 1 AS ${q('one')} FROM ${name} WHERE ${where} ` +
          `LIMIT ${statement.add(bound)}) ${q('bounded')}`,
        statement.values,
      );
      return Number(row?.['n'] ?? 0);
    },
    async insert(on: SqlRunner, records: readonly Row[]) {
      const groups = new Map<string, Row[]>();
      for (const record of records) {
        const key = fields.filter((field) => record[field] !== undefined).join(',');
        groups.set(key, [...(groups.get(key) ?? []), record]);
      }
      const stored = new Map<Row, Row>();
      const insertGroup = async (tx: SqlRunner, key: string, group: readonly Row[]) => {
        const names = key === '' ? [] : key.split(',');
        const perRow = Math.max(names.length, 1);
        const size = Math.max(1, Math.floor(dialect.maxParameters / perRow));
        for (let start = 0; start < group.length; start += size) {
          const chunk = group.slice(start, start + size);
          const statement = fresh();
          const tuples = chunk.map(
            (record) => `(${names.map((field) => statement.bind(field, record[field])).join(', ')})`,
          );
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
              : `INSERT INTO ${name} (${names.map((field) => q(column(field).name)).join(', ')}) VALUES ` +
                `${tuples.join(', ')}${returning}`;
          const inserted = await run(tx, text, values, { operation: 'create', id: chunk[0]?.[idField] }).catch(
            async (error: unknown) => {
              throw chunk.length > 1
                ? await storedIdError(tx, chunk, error)
                : await nameForeignKey(tx, error, chunk[0] as Row, errorTable);
            },
          );
          const rows = returning ? inserted : await byIds(tx, ids);
          // RETURNING gives the rows in no promised order: matched by id when the ids were given.
          chunk.forEach((record, i) => {
            const id = record[idField];
            const row =
              id === undefined ? rows[i] : rows.find((candidate) => String(candidate[idField]) === String(id));
            if (row) stored.set(record, row);
          });
        }
      };
      const one = groups.size === 1 && records.length <= Math.floor(dialect.maxParameters / Math.max(fields.length, 1));
      const keyOf = (record: Row) => fields.filter((field) => record[field] !== undefined).join(',');
      try {
        if (one) {
          const [[key, group]] = [...groups] as [[string, Row[]]];
          await insertGroup(on, key, group);
        } else {
          await on.transaction(async (tx) => {
            for (const [key, group] of groups) await insertGroup(tx, key, group);
          });
        }
      } catch (error) {
        if (records.length < 2 || toItemWriteError(error, 0, errorTable) === error) throw error;
        // A constraint a multi-row INSERT broke names no row: the records are inserted one by one (rolled back) to
        // find the first one refused, whose error names its item (`items[56].authorId: ...`).
        const located = await on
          .transaction(async (tx) => {
            for (const [i, record] of records.entries()) {
              await insertGroup(tx, keyOf(record), [record]).catch((failure: unknown) => {
                throw toItemWriteError(failure, i, errorTable);
              });
            }
            throw error;
          })
          .catch((failure: unknown) => failure);
        throw located;
      }
      return records.map((record) => stored.get(record) as Row);
    },
    async update(
      on: SqlRunner,
      id: unknown,
      changes: Row,
      names: readonly string[],
      operation: WriteContext['operation'],
    ) {
      const statement = fresh();
      const sets = names.map((field) => `${q(column(field).name)} = ${statement.bind(field, changes[field])}`);
      const where = `${idColumn} = ${statement.bind(idField, id)}`;
      const returning = dialect.returning.update ? ` RETURNING ${selectList}` : '';
      const [row] = await run(
        on,
        `UPDATE ${name} SET ${sets.join(', ')} WHERE ${where}${returning}`,
        statement.values,
        { operation, id },
      ).catch(async (error: unknown) => {
        throw await nameForeignKey(on, error, changes, errorTable);
      });
      // Without RETURNING the caller's transaction reads the row it updated.
      return returning ? row : (await byIds(on, [id]))[0];
    },
    itemError: (error: unknown, item: number) => toItemWriteError(error, item, errorTable),
    async remove(on: SqlRunner, ids: readonly RecordId[], id: unknown) {
      // Without RETURNING the caller's transaction reads the rows before it deletes them.
      const before = dialect.returning.delete ? undefined : await byIds(on, ids);
      const statement = fresh();
      const where = inIds(statement, ids);
      const returning = before ? '' : ` RETURNING ${selectList}`;
      const rows = await run(on, `DELETE FROM ${name} WHERE ${where}${returning}`, statement.values, {
        operation: 'delete',
        id,
      });
      return before ?? rows;
    },
  });
}
