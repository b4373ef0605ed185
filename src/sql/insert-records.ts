import { HttpError, duplicateIdError } from 'pagelope/kit';
import { inList } from './compile-where';
import { insertStatements, statementOf, type InsertStatement } from './insert-statements';
import type { SqlRecordSource, SqlRecordStatement } from './read-record';
import type { SqlRow, SqlRun, SqlWrite } from './write-dialect';

/** What {@link insertRecords} reads of the repository beside its table. */
export interface SqlInsertSource extends SqlRecordSource {
  /** Runs a statement on the repository's connection (a fault a retry may clear already its 503). */
  readonly run: SqlRun;
  /** Runs `work` in a transaction (a savepoint inside one), its statements run by the `run` it is given. */
  transaction<T>(work: (run: SqlRun) => Promise<T>): Promise<T>;
  /**
   * Whether one statement runs in a transaction too: inside a caller's transaction on a database where a failed
   * statement ends it (PostgreSQL), a savepoint keeps the caller's going.
   */
  readonly isolateOne: boolean;
  /** Whether `error` is a unique violation. */
  isUnique(error: unknown): boolean;
  /** Whether `error` is a constraint violation or a data error, which names the statement and not the row. */
  isValueError(error: unknown): boolean;
  /** The client's error for a write's error (with `write.item`, naming the batch item first). */
  writeError(error: unknown, write: SqlWrite): Promise<unknown>;
}

/** `id IN (...)` over `ids` (each one its column holds), bound on `statement` (`= ANY($1)` with its `list`). */
export function idsIn(source: SqlRecordSource, statement: SqlRecordStatement, ids: readonly unknown[]): string {
  const { idField } = source.resource;
  const list = statement.list?.(idField, ids) ?? { items: ids.map((id) => statement.bind(idField, id)) };
  return inList(source.column(idField), list, false);
}

/** Ids as keys: two ids the id column holds as one have the same key (the statement's `key`, else their text). */
async function idKeys(source: SqlRecordSource): Promise<(id: unknown) => string> {
  const statement = await source.statement();
  const { idField } = source.resource;
  return (id) => statement.key?.(idField, id) ?? String(id);
}

/** The rows of the records with these ids (the id's column alone with `idOnly`), read by `run`. */
async function selectIds(source: SqlInsertSource, ids: readonly unknown[], run: SqlRun, idOnly = false) {
  const statement = await source.statement();
  const { idField } = source.resource;
  const usable = ids.filter((id) => statement.holds?.(idField, id) !== false);
  if (usable.length === 0) return [];
  const list = idOnly ? `${source.column(idField)} AS ${source.dialect.quoteIdentifier(idField)}` : statement.select;
  const where = idsIn(source, statement, usable);
  return run(`SELECT ${list} FROM ${source.table} WHERE ${where}`, statement.values);
}

/** An id as a key (see {@link idKeys}). */
type Key = (id: unknown) => string;

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
async function firstDuplicate(source: SqlInsertSource, ids: readonly unknown[], key: Key): Promise<unknown> {
  const given = ids.filter((id) => id !== undefined);
  const stored = await selectIds(source, given, source.run, true);
  const taken = new Set(stored.map((row) => key(source.toRecord(row)[source.resource.idField])));
  for (const id of given) {
    if (taken.has(key(id))) return id;
    taken.add(key(id));
  }
  return undefined;
}

/** Runs `statement` by `run` and pairs its rows with its records (by id where given, else in order). */
async function runInsert(source: SqlInsertSource, statement: InsertStatement, run: SqlRun, key: Key) {
  const { idField } = source.resource;
  const ids = statement.records.map((record) => record[idField]);
  const returned = await run(statement.text, statement.values);
  const rows = source.dialect.returning.insert ? returned : await selectIds(source, ids, run);
  const records = rows.map((row) => source.toRecord(row));
  const byKey = new Map(records.map((record) => [key(record[idField]), record]));
  return ids.map((id, i) => (id === undefined ? records[i] : byKey.get(key(id))) as SqlRow);
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
  key: Key,
): Promise<unknown> {
  const { resource } = source;
  const ids = records.map((record) => record[resource.idField]);
  if (source.isUnique(error)) {
    const duplicate = await firstDuplicate(source, ids, key);
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
  const key = await idKeys(source);
  const keys = ids.filter((id) => id !== undefined).map(key);
  if (new Set(keys).size < keys.length) throw duplicateIdError(resource, await firstDuplicate(source, ids, key));
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
      const rows = await runInsert(source, statement, run, key);
      statement.records.forEach((record, i) => stored.set(record, rows[i] as SqlRow));
    }
    failed = undefined;
  };
  try {
    // One statement is atomic on its own; several, or one whose failure would end the caller's transaction, are not.
    if (statements.length === 1 && !source.isolateOne) await runAll(source.run);
    else await source.transaction(runAll);
  } catch (error) {
    throw await insertError(source, records, error, failed, key);
  }
  return records.map((record) => stored.get(record) as SqlRow);
}

/**
 * Stores one `record` (validated, its id generated unless the database fills it) and returns it as stored: where the
 * dialect has a clause that skips a stored id (`ON CONFLICT (id) DO NOTHING`), one INSERT whose missing row is the
 * 409 of a duplicate id (no error that would end the caller's transaction), else {@link insertRecords} of it alone.
 *
 * @throws HttpError 409 for an id stored already; the client's error for any other constraint or data error.
 */
export async function insertRecord(source: SqlInsertSource, record: Readonly<SqlRow>): Promise<SqlRow> {
  const { resource, dialect } = source;
  const id = record[resource.idField];
  if (!dialect.skipStoredId) return (await insertRecords(source, [record]))[0] as SqlRow;
  // An id left to the database cannot be one stored already: no clause for it.
  const conflict = id === undefined ? '' : ` ${dialect.skipStoredId(source.column(resource.idField))}`;
  const statement = await statementOf([record], source, conflict);
  const [row] = await source.run(statement.text, statement.values).catch(async (error: unknown) => {
    throw await source.writeError(error, { ...writeOf(statement, resource.idField), id, record });
  });
  if (!row) throw duplicateIdError(resource, id);
  return source.toRecord(row);
}
