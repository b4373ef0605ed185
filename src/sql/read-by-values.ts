import {
  compileComparator,
  compilePredicate,
  normalizeScope,
  type ByValuesOptions,
  type ConditionGroups,
  type OrderTerm,
  type RecordId,
  type Repository,
} from 'pagelope/kit';
import { inList } from './compile-where';
import type { SqlRead } from './read-dialect';
import type { SqlRecordSource, SqlRecordStatement } from './read-record';
import type { SqlDialect } from './sql-dialect';

type Row = Record<string, unknown>;

/**
 * One by-value statement being written: a record statement (see `SqlRecordStatement`: its `holds`, `impossible`, `key`
 * and `list` are the dialect's part, `= ANY($1)` with an array `list`, `IN (...)` without) that also binds values as
 * they are, names columns and orders. Its `where` is compiled once on a statement of its own, its text written first
 * in each chunk's statement with its values bound again in order: a placeholder must follow from the number of values
 * bound before it (`?`, `$n`).
 */
export interface SqlByValuesStatement extends SqlRecordStatement {
  add(value: unknown): string;
  /** The field's quoted column, as WHERE and PARTITION BY read it. */
  column(field: string): string;
  /** The `ORDER BY` list of `order`. */
  order(order: readonly OrderTerm[]): string;
}

/** A record source whose statements serve the by-value reads too: what a dialect's table gives the SQL engine. */
export interface SqlTableSource extends SqlRecordSource {
  statement(): SqlByValuesStatement | Promise<SqlByValuesStatement>;
}

/** What the by-value readers read of a table: its {@link SqlTableSource}, and where its statements run. */
export interface SqlByValuesSource extends Pick<SqlTableSource, 'resource' | 'table' | 'statement' | 'toRecord'> {
  readonly dialect: Pick<SqlDialect, 'quoteIdentifier'>;
  /**
   * The most values one statement binds: default {@link CHUNK} with one placeholder each, `Infinity` with an array
   * parameter (the statement's `list`).
   */
  readonly chunk?: number | undefined;
  readonly read: SqlRead;
}

/** The most values one statement binds one placeholder each (`field IN (...)`). */
const CHUNK = 1000;

/** The text pairing a value given with a value read (a uuid in either case is the same uuid; default `String`). */
type Key = (field: string, value: unknown) => string;

/** The scope as SQL (its text and the values it binds, from the first placeholder on), or the test of the records read. */
type CompiledScope =
  | { readonly sql: string; readonly values: readonly unknown[]; readonly test?: undefined }
  | { readonly sql?: undefined; readonly values?: undefined; readonly test: (record: Row) => boolean };

/** What {@link matchOf} found: the values in chunks, the scope compiled (none without a scope), the values' keys. */
interface Match {
  readonly chunks: readonly (readonly unknown[])[];
  readonly scope: CompiledScope | undefined;
  readonly key: Key;
}

/**
 * The match of `values` (those the column holds, once each) within the scope, its scope compiled once; `undefined`
 * when nothing can match.
 *
 * @throws TypeError (a server fault) for a field the resource lacks or a `perValue` that is not a positive integer.
 */
async function matchOf(
  method: string,
  field: string,
  values: readonly RecordId[],
  options: ByValuesOptions<unknown>,
  source: SqlByValuesSource,
): Promise<Match | undefined> {
  const { resource } = source;
  if (typeof field !== 'string' || !resource.fields.has(field)) {
    throw new TypeError(`${method}: "${String(field)}" is not a field of "${resource.name}"`);
  }
  const { perValue } = options;
  if (perValue !== undefined && !(Number.isSafeInteger(perValue) && perValue > 0)) {
    throw new TypeError(`${method}: perValue must be a positive integer`);
  }
  const statement = await source.statement();
  const key: Key = (of, value) => statement.key?.(of, value) ?? String(value);
  const usable = new Map<string, unknown>();
  for (const value of values) {
    if (value != null && statement.holds?.(field, value) !== false) usable.set(key(field, value), value);
  }
  if (usable.size === 0) return undefined;
  const groups = options.scope == null ? undefined : normalizeScope(options.scope, resource);
  if (groups && statement.impossible?.(groups) === true) return undefined;
  const distinct = [...usable.values()];
  const chunk = source.chunk ?? (statement.list ? Infinity : CHUNK);
  const chunks: unknown[][] = [];
  for (let i = 0; i < distinct.length; i += chunk) chunks.push(distinct.slice(i, i + chunk));
  // A scope every row meets (one empty group) is no condition.
  const everyRow = groups?.length === 1 && groups[0]?.length === 0;
  return { chunks, scope: groups && !everyRow ? compileScope(groups, statement) : undefined, key };
}

/** The scope compiled on `statement` (fresh): its SQL and values, or (SQL cannot say it) its test in JavaScript. */
function compileScope(groups: ConditionGroups, statement: SqlByValuesStatement): CompiledScope {
  const sql = statement.where(groups);
  return sql === undefined ? { test: compilePredicate(groups) } : { sql, values: [...statement.values] };
}

/**
 * The scope SQL says ANDed with `field IN (chunk)`, on a new statement: the scope first, its values bound again in
 * order so that its placeholders are those it was compiled with (nothing a by-value statement writes before its
 * WHERE binds a value: the select list, the column, the order).
 */
async function whereOf(
  field: string,
  chunk: readonly unknown[],
  scope: CompiledScope | undefined,
  source: SqlByValuesSource,
) {
  const statement = await source.statement();
  const list = () => statement.list?.(field, chunk) ?? { items: chunk.map((value) => statement.bind(field, value)) };
  return {
    statement,
    where: () => {
      if (scope?.sql === undefined) {
        return inList(statement.column(field), list(), false);
      }
      for (const value of scope.values) statement.add(value);
      return `(${scope.sql}) AND ${inList(statement.column(field), list(), false)}`;
    },
  };
}

/**
 * `Repository.listByValues` over SQL: the records whose `field` holds one of `values` (within the scope), one statement
 * per chunk of values, in the resource's default order then id (unordered when `ordered` is `false`); with `perValue`,
 * at most that many per value, numbered by `row_number() OVER (PARTITION BY field ORDER BY <default order>)`. A scope
 * SQL cannot say is tested on the records read (and `perValue` then counted on those that pass).
 *
 * @throws TypeError (a server fault) for a field the resource lacks or a `perValue` that is not a positive integer.
 */
export async function readByValues(
  field: string,
  values: readonly RecordId[],
  options: ByValuesOptions<unknown>,
  source: SqlByValuesSource,
): Promise<readonly Row[]> {
  const match = await matchOf('listByValues', field, values, options, source);
  return match === undefined ? [] : readMatched(field, match, options, source);
}

/** The records of {@link readByValues} for what {@link matchOf} found. */
async function readMatched(
  field: string,
  match: Match,
  options: Pick<ByValuesOptions<unknown>, 'perValue' | 'ordered'>,
  source: SqlByValuesSource,
): Promise<readonly Row[]> {
  const { resource, table } = source;
  const test = match.scope?.test;
  const { perValue } = options;
  const q = source.dialect.quoteIdentifier;
  const order: readonly OrderTerm[] | undefined =
    options.ordered === false && perValue === undefined
      ? undefined
      : resource.defaultOrder.some((term) => term.field === resource.idField)
        ? resource.defaultOrder
        : [...resource.defaultOrder, { field: resource.idField, direction: 'asc' }];
  const found: Row[] = [];
  for (const chunk of match.chunks) {
    const { statement, where } = await whereOf(field, chunk, match.scope, source);
    const { select } = statement;
    let text: string;
    if (order === undefined) text = `SELECT ${select} FROM ${table} WHERE ${where()}`;
    else if (perValue === undefined || test) {
      text = `SELECT ${select} FROM ${table} WHERE ${where()} ORDER BY ${statement.order(order)}`;
    } else {
      const orderBy = statement.order(order);
      const numbered =
        `SELECT ${select}, row_number() OVER (PARTITION BY ${statement.column(field)} ORDER BY ${orderBy}) AS ` +
        `${q('~n')}, row_number() OVER (ORDER BY ${orderBy}) AS ${q('~o')} FROM ${table} WHERE ${where()}`;
      text = `SELECT * FROM (${numbered}) AS ${q('~w')} WHERE ${q('~n')} <= ${statement.add(perValue)} ORDER BY ${q('~o')}`;
    }
    const records = (await source.read(text, statement.values)).map((row) => source.toRecord(row));
    found.push(...(test ? records.filter((record) => test(record)) : records));
  }
  if (order && match.chunks.length > 1) found.sort(compileComparator(order, resource.fields));
  if (perValue === undefined || !test) return found;
  const taken = new Map<string, number>();
  return found.filter((record) => {
    const key = match.key(field, record[field]);
    const count = taken.get(key) ?? 0;
    taken.set(key, count + 1);
    return count < perValue;
  });
}

/**
 * `Repository.countByValues` over SQL, one `GROUP BY` statement per chunk of values: the number of records (within the
 * scope) whose `field` holds each of `values`, keyed by the values as given; a value no record holds is absent. Under a
 * scope SQL cannot say, the records {@link readByValues} reads are counted.
 */
export async function countByValues(
  field: string,
  values: readonly RecordId[],
  options: ByValuesOptions<unknown>,
  source: SqlByValuesSource,
): Promise<ReadonlyMap<RecordId, number>> {
  const counts = new Map<RecordId, number>();
  const match = await matchOf('countByValues', field, values, { scope: options.scope }, source);
  if (match === undefined) return counts;
  const q = source.dialect.quoteIdentifier;
  const byKey = new Map<string, number>();
  const tally = (value: unknown, count: number) => {
    const key = match.key(field, value);
    byKey.set(key, (byKey.get(key) ?? 0) + count);
  };
  const inProcess = match.scope?.test !== undefined;
  if (inProcess) {
    for (const record of await readMatched(field, match, { ordered: false }, source)) tally(record[field], 1);
  }
  for (const chunk of inProcess ? [] : match.chunks) {
    const { statement, where } = await whereOf(field, chunk, match.scope, source);
    const column = statement.column(field);
    const text = `SELECT ${column} AS ${q(field)}, count(*) AS ${q('n')} FROM ${source.table} WHERE ${where()} GROUP BY ${column}`;
    for (const row of await source.read(text, statement.values)) tally(source.toRecord(row)[field], Number(row['n']));
  }
  for (const value of values) {
    const count = value == null ? undefined : byKey.get(match.key(field, value));
    if (count !== undefined) counts.set(value, count);
  }
  return counts;
}

/**
 * `listByValues` and `countByValues` of a SQL repository on any dialect: {@link readByValues} and
 * {@link countByValues} over the source `sourceOf` gives for each call (the primary's for a write's reads, `fresh`).
 */
export function createByValuesReads<TRecord>(
  sourceOf: (fresh: boolean) => SqlByValuesSource,
): Required<Pick<Repository<TRecord>, 'listByValues' | 'countByValues'>> {
  return {
    listByValues: (field, values, options = {}) =>
      readByValues(field, values, options, sourceOf(options.fresh === true)) as Promise<readonly TRecord[]>,
    countByValues: (field, values, options = {}) =>
      countByValues(field, values, options, sourceOf(options.fresh === true)),
  };
}
