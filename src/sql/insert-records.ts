import { HttpError, duplicateIdError } from 'pagelope/kit';
import { insertStatements, type InsertStatement, type SqlInsertTarget } from './insert-statements';
import type { SqlRow, SqlRun, SqlWrite } from './write-dialect';

/** What {@link insertRecords} reads of the repository beside its table. */
export interface SqlInsertSource extends SqlInsertTarget {
  readonly resource: { readonly name: string; readonly idField: string };
  /** The record of a returned row. */
  toRecord(row: Readonly<SqlRow>): SqlRow;
  /** An id as a key: two ids the column holds as one have the same key. */
  key(id: unknown): string;
  /** Runs a statement on the repository's connection (a fault a retry may clear already its 503). */
  readonly run: SqlRun;
  /** Runs `work` in a transaction (a savepoint inside one), its statements run by the `run` it is given. */
  transaction<T>(work: (run: SqlRun) => Promise<T>): Promise<T>;
  /**
   * Whether one statement runs in a transaction too: inside a caller's transaction on a database where a failed
   * statement ends it (PostgreSQL), a savepoint keeps the caller's going.
   */
  readonly isolateOne: boolean;
  /** Of `ids` (the batch's, each given), those stored already. */
  storedIds(ids: readonly unknown[]): Promise<readonly unknown[]>;
  /** The records with these ids, read by `run`, for a dialect whose INSERT has no `RETURNING`. */
  readBack(ids: readonly unknown[], run: SqlRun): Promise<readonly SqlRow[]>;
  /** Whether `error` is a unique violation. */
  isUnique(error: unknown): boolean;
  /** Whether `error` is a constraint violation or a data error, which names the statement and not the row. */
  isValueError(error: unknown): boolean;
  /** The client's error for a write's error (with `write.item`, naming the batch item first). */
  writeError(error: unknown, write: SqlWrite): Promise<unknown>;
}

/** Thrown to roll the replay of a failed batch back. */
const ROLLBACK = Symbol('rollback');

/** The values of `records` by field, each the longest string or the largest number: what makes a column overflow. */
function widestValues(records: readonly Readonly<SqlRow>[]): SqlRow {
  const widest: SqlRow = {};
  const size = (value: unknown) =>
    typeof value === 'string' ? [...value].length : typeof value === 'number' ? Math.abs(value) : -1;
  for (const record of records) {
    for (const [field, value] of Object.entries(record)) {
      if (value == null) continue;
      if (!(field in widest) || size(value) > size(widest[field])) widest[field] = value;
    }
  }
  return widest;
}

/** The first id of `ids` stored already or given before, by one read of the stored ids. */
async function firstDuplicate(source: SqlInsertSource, ids: readonly unknown[]): Promise<unknown> {
  const given = ids.filter((id) => id !== undefined);
  const taken = new Set((given.length === 0 ? [] : await source.storedIds(given)).map(source.key));
  for (const id of given) {
    const key = source.key(id);
    if (taken.has(key)) return id;
    taken.add(key);
  }
  return undefined;
}

/** Runs `statement` by `run` and pairs its rows with its records (by id where given, else in order). */
async function runInsert(source: SqlInsertSource, statement: InsertStatement, run: SqlRun): Promise<SqlRow[]> {
  const { idField } = source.resource;
  const ids = statement.records.map((record) => record[idField]);
  const returned = await run(statement.text, statement.values);
  const rows = source.dialect.returning.insert ? returned : await source.readBack(ids, run);
  const records = rows.map((row) => source.toRecord(row));
  const byKey = new Map(records.map((record) => [source.key(record[idField]), record]));
  return ids.map((id, i) => (id === undefined ? records[i] : byKey.get(source.key(id))) as SqlRow);
}

/** The write of a statement that failed: its one record's id, the widest values, each parameter's field. */
const writeOf = (statement: InsertStatement | undefined, idField: string): SqlWrite => ({
  operation: 'create',
  id: statement?.records.length === 1 ? statement.records[0]?.[idField] : undefined,
  record: statement && widestValues(statement.records),
  paramFields: statement?.paramFields,
});

/**
 * The client's error for a failed batch INSERT: a unique violation with an id stored or repeated is the 409 of the
 * first such item (a single create's); another constraint or data error of several records, which names no row, is
 * located by replaying the items one by one (as single creates would meet it, a clash with an earlier item included)
 * and names its item; any other error, or one no item meets alone (the table changed), is mapped as it is.
 */
async function insertError(
  source: SqlInsertSource,
  records: readonly Readonly<SqlRow>[],
  error: unknown,
  failed: InsertStatement | undefined,
): Promise<unknown> {
  const { resource } = source;
  const ids = records.map((record) => record[resource.idField]);
  if (source.isUnique(error)) {
    const duplicate = await firstDuplicate(source, ids);
    if (duplicate !== undefined)
      return new HttpError(409, duplicateIdError(resource, duplicate).message, { cause: error });
  }
  if (records.length < 2 || !source.isValueError(error))
    return source.writeError(error, writeOf(failed, resource.idField));
  // The items' own INSERTs in order, in a transaction always rolled back: the first that fails is the item.
  let item: { readonly index: number; readonly error: unknown; statement?: InsertStatement } | undefined;
  await source
    .transaction(async (run) => {
      for (const [index, record] of records.entries()) {
        const [statement] = (await insertStatements([record], source)) as [InsertStatement];
        await run(statement.text, statement.values).catch((failure: unknown) => {
          item ??= { index, error: failure, statement };
        });
        if (item) break;
      }
      throw ROLLBACK;
    })
    .catch(() => undefined);
  if (!item) return source.writeError(error, writeOf(failed, resource.idField));
  return source.writeError(item.error, { ...writeOf(item.statement, resource.idField), item: item.index });
}

/**
 * Stores `records` (validated, their ids generated unless the database fills them) and returns them as stored, in
 * their order, all or nothing: one multi-row INSERT (see `insertStatements`), several in one transaction (a savepoint
 * inside one) past the dialect's bind parameters. An id given twice, or stored already, is the 409 of a single create
 * for the first such item; any other constraint or data error names the first item that breaks it, found after the
 * rollback (see `insertError`).
 *
 * @throws TypeError when the dialect has no `INSERT ... RETURNING` and a record's id is left to the database.
 */
export async function insertRecords(source: SqlInsertSource, records: readonly Readonly<SqlRow>[]): Promise<SqlRow[]> {
  const { resource, dialect } = source;
  if (records.length === 0) return [];
  const ids = records.map((record) => record[resource.idField]);
  const keys = ids.filter((id) => id !== undefined).map(source.key);
  if (new Set(keys).size < keys.length) throw duplicateIdError(resource, await firstDuplicate(source, ids));
  if (!dialect.returning.insert && ids.some((id) => id === undefined)) {
    throw new TypeError(
      `${dialect.name}: a record whose id the database assigns cannot be read back without INSERT ... RETURNING`,
    );
  }
  const statements = await insertStatements(records, source);
  const stored = new Map<Readonly<SqlRow>, SqlRow>();
  let failed: InsertStatement | undefined;
  const runAll = async (run: SqlRun) => {
    for (const statement of statements) {
      failed = statement;
      const rows = await runInsert(source, statement, run);
      statement.records.forEach((record, i) => stored.set(record, rows[i] as SqlRow));
    }
    failed = undefined;
  };
  try {
    // One statement is atomic on its own; several, or one whose failure would end the caller's transaction, are not.
    if (statements.length === 1 && !source.isolateOne) await runAll(source.run);
    else await source.transaction(runAll);
  } catch (error) {
    throw await insertError(source, records, error, failed);
  }
  return records.map((record) => stored.get(record) as SqlRow);
}
