import {
  compilePredicate,
  normalizeScope,
  notFoundError,
  type Condition,
  type ConditionGroups,
  type Resource,
  type Where,
} from 'pagelope/kit';
import type { SqlRow, SqlWrite, SqlWriteDialect } from './write-dialect';

/** A scope or a `where` normalized: AND-groups of conditions on the table's own fields, ORed. */
type ScopeGroups = readonly (readonly Condition[])[];

/** One statement of a single-record read or write being written (see {@link SqlRecordSource.statement}). */
export interface SqlRecordStatement {
  /** Binds a value of `field` as its column takes it (`null` as NULL) and returns its placeholder. */
  bind(field: string, value: unknown): string;
  /** The values bound so far, in placeholder order. */
  readonly values: unknown[];
  /** Every field's column read under the field's name: what `SELECT` and `RETURNING` read. */
  readonly select: string;
  /** The conditions as SQL, or `undefined` when SQL cannot say them exactly (then tested on the record read). */
  where(groups: ConditionGroups): string | undefined;
  /** Whether the field's column can hold `value` (default yes): an id it cannot hold is not found, unbound. */
  holds?(field: string, value: unknown): boolean;
  /** Whether the conditions hold a value their column cannot hold, so that no record meets them (default no). */
  impossible?(groups: ScopeGroups): boolean;
  /** Checks the values a write binds before any statement (a 400 for one its column cannot hold). */
  check?(record: Readonly<SqlRow>): void;
  /** Binds the values of a list of `field` as one parameter (`$1::uuid[]`); absent: one placeholder per value. */
  readonly list?: ((field: string, values: readonly unknown[]) => { readonly array: string }) | undefined;
  /**
   * A value of `field` as a key: two values the column holds as one have the same key (a uuid in either case); absent:
   * its text.
   */
  readonly key?: ((field: string, value: unknown) => string) | undefined;
}

/** What the single-record reads and writes of the SQL engine read of a repository's table. */
export interface SqlRecordSource {
  readonly resource: Resource;
  readonly dialect: SqlWriteDialect;
  /** The quoted table. */
  readonly table: string;
  /** The quoted column of a field. */
  column(field: string): string;
  /** The fields the database fills when a write gives no value (`databaseDefaults`). */
  readonly filledByDatabase: ReadonlySet<string>;
  /** A new statement, its parameters numbered from 1. */
  statement(): SqlRecordStatement | Promise<SqlRecordStatement>;
  /** The record of a row read with the statement's `select`. */
  toRecord(row: Readonly<SqlRow>): SqlRow;
}

/** Runs one statement and resolves its rows; a constraint or data error of `write` is thrown as the client's error. */
export type SqlRecordRun = (text: string, values: unknown[], write?: SqlWrite) => Promise<readonly SqlRow[]>;

/** Where the statements of one single-record call run: a repository's connection, or a transaction's. */
export interface SqlRecordRunner {
  readonly run: SqlRecordRun;
  /**
   * Runs `work` in one transaction (a savepoint inside one), for a write that reads the record first: a scope SQL
   * cannot say, or an `UPDATE` / `DELETE` without `RETURNING`. Absent: the dialect needs none.
   */
  readonly transaction?: (<T>(work: (run: SqlRecordRun) => Promise<T>) => Promise<T>) | undefined;
}

/** The conditions of one single-record call: the request's scope, a batch item's own `where`. */
export interface SqlRecordOptions {
  readonly scope?: Where<unknown> | undefined;
  readonly where?: Where<unknown> | undefined;
  /** Whether the read locks the record for a write that follows in its transaction (the dialect's `lockRead`). */
  readonly lock?: boolean | undefined;
}

/** The match of one record by id on a statement: its SQL, what SQL cannot say, and the id's parameter number. */
export interface SqlRecordMatch {
  readonly where: string;
  /** The conditions SQL cannot say exactly, tested on the record read (`undefined`: none). */
  readonly test: ((record: SqlRow) => boolean) | undefined;
  readonly idParam: number;
}

/** The scope and `where` of `options` as condition groups (a scope is server code: an invalid one is an Error). */
export function recordConditions(source: SqlRecordSource, options: SqlRecordOptions | undefined): ScopeGroups[] {
  const conditions = [options?.scope, options?.where].filter((condition) => condition != null);
  return conditions.map((condition) => normalizeScope(condition, source.resource));
}

/**
 * Throws the 404 of `id` when no record can match it, before any statement: an id its column cannot hold, a condition
 * holding a value its column cannot hold.
 */
export function checkReachable(
  source: SqlRecordSource,
  statement: SqlRecordStatement,
  id: unknown,
  conditions: readonly ScopeGroups[],
): void {
  if (statement.holds?.(source.resource.idField, id) === false || conditions.some((c) => statement.impossible?.(c))) {
    throw notFoundError(source.resource, id);
  }
}

/** `id = ?` ANDed with each of `conditions` SQL can say, bound on `statement`; the others are the match's `test`. */
export function matchRecord(
  source: SqlRecordSource,
  statement: SqlRecordStatement,
  id: unknown,
  conditions: readonly ScopeGroups[],
): SqlRecordMatch {
  const { idField } = source.resource;
  const parts = [`${source.column(idField)} = ${statement.bind(idField, id)}`];
  const idParam = statement.values.length;
  const tests: ScopeGroups[] = [];
  for (const groups of conditions) {
    const bound = statement.values.length;
    const sql = statement.where(groups);
    if (sql !== undefined) parts.push(`(${sql})`);
    else {
      // What a condition bound before it gave up is no parameter of the statement.
      statement.values.length = bound;
      tests.push(groups);
    }
  }
  const predicates = tests.map((groups) => compilePredicate(groups));
  const test = predicates.length === 0 ? undefined : (record: SqlRow) => predicates.every((one) => one(record));
  return { where: parts.join(' AND '), test, idParam };
}

/** The record of the first of `rows`, or the 404 of `id` when there is none. */
export function firstRecord(source: SqlRecordSource, rows: readonly SqlRow[], id: unknown): SqlRow {
  const [row] = rows;
  if (!row) throw notFoundError(source.resource, id);
  return source.toRecord(row);
}

/** {@link readRecord} with the conditions normalized (see {@link recordConditions}). */
export async function readMatching(
  source: SqlRecordSource,
  id: unknown,
  conditions: readonly ScopeGroups[],
  run: SqlRecordRun,
  lock = false,
): Promise<SqlRow> {
  const statement = await source.statement();
  checkReachable(source, statement, id, conditions);
  const match = matchRecord(source, statement, id, conditions);
  const { lockRead } = source.dialect;
  const locked = lock && lockRead !== undefined ? ` ${lockRead}` : '';
  const text = `SELECT ${statement.select} FROM ${source.table} WHERE ${match.where}${locked}`;
  const rows = await run(text, statement.values);
  const record = firstRecord(source, rows, id);
  if (match.test?.(record) === false) throw notFoundError(source.resource, id);
  return record;
}

/**
 * The record with this id within the scope (and a batch item's `where`), one `SELECT` run by `run`: a condition SQL
 * cannot say exactly is tested on the record read.
 *
 * @throws HttpError 404 for a record missing or outside the conditions, an id its column cannot hold, or conditions
 *   no record can meet.
 */
export async function readRecord(
  source: SqlRecordSource,
  id: unknown,
  options: SqlRecordOptions | undefined,
  run: SqlRecordRun,
): Promise<SqlRow> {
  return await readMatching(source, id, recordConditions(source, options), run, options?.lock);
}
