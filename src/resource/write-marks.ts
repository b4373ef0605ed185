import type { RecordId } from '../fields/index';

type Row = Record<string, unknown>;

/** Which write a body or record is checked for: a create, an update (a patch) or a replace. */
export type WriteMode = 'create' | 'update' | 'replace';

// The write policy marks what it has validated, as the query model marks the queries it has normalized
// (`remember`/`recall` in query/normalized-query.ts: a private field stamped on the frozen query, found again by a
// repository's `normalizeListInput`, which then skips the second parse). Write input is marked differently because
// it is data the write goes on to use: a before-hook may change the body in place or return a new one, the memory
// repository copies Dates into the record it stores, and a repository of the user's may change its input. So a
// mark here is a module-private WeakMap entry beside the object (its shape, keys and JSON stay as they are, and
// nothing is frozen) holding the values that were validated; a mark is honoured only for an object that still
// holds exactly those values (own keys, each value the same by `Object.is`), and anything else is validated again.

/** The values {@link checkBody} parsed, by the object it returned. */
const checked = new WeakMap<object, ReadonlyMap<string, unknown>>();

/**
 * Remembers that `data` (what `checkBody` returns) holds the values in `parsed`, each parsed by its field's schema.
 * Called by `checkBody` alone.
 */
export function markChecked(data: Row, parsed: ReadonlyMap<string, unknown>): void {
  checked.set(data, parsed);
}

/**
 * The values `checkBody` parsed when it returned `data`, by key, or an empty map for any other object. A value of
 * the body a before-hook hands on is parsed already when it is the very value at the same key here.
 */
export function checkedValuesOf(data: unknown): ReadonlyMap<string, unknown> {
  return (typeof data === 'object' && data !== null && checked.get(data)) || NONE;
}

const NONE: ReadonlyMap<string, unknown> = new Map();

/** What a record was validated for, and the values it then held. */
interface Validated {
  readonly resource: object;
  readonly mode: WriteMode;
  readonly id: RecordId | undefined;
  readonly databaseDefaults: readonly string[];
  readonly values: ReadonlyMap<string, unknown>;
}

/** The records `validateWrite` returned, each with what it was validated for. */
const validated = new WeakMap<object, Validated>();

/**
 * Marks `record`, which the service's final validation (`validateWrite`) returns, as validated for `resource` in
 * `mode`: for an update or replace, of the record with id `id`; for a create or replace, with `databaseDefaults`
 * allowed to be absent. Returns `record`.
 */
export function markValidated(
  record: Row,
  resource: object,
  mode: WriteMode,
  id: RecordId | undefined,
  databaseDefaults: readonly string[] = [],
): Row {
  const values = new Map<string, unknown>();
  for (const key of Object.keys(record)) values.set(key, record[key]);
  validated.set(record, { resource, mode, id, databaseDefaults, values });
  return record;
}

/**
 * A copy of `record` when `markValidated` marked it for the same resource, mode, id and `databaseDefaults`, and it
 * still holds exactly the values it was marked with; else `undefined`, and the caller validates it.
 */
export function recallValidated(
  record: unknown,
  resource: object,
  mode: WriteMode,
  id: RecordId | undefined,
  databaseDefaults: readonly string[] = [],
): Row | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const mark = validated.get(record);
  if (mark?.resource !== resource || mark.mode !== mode || !Object.is(mark.id, id)) return undefined;
  if (!sameList(mark.databaseDefaults, databaseDefaults)) return undefined;
  const row = record as Row;
  const keys = Object.keys(row);
  if (keys.length !== mark.values.size) return undefined;
  for (const key of keys) {
    if (!mark.values.has(key) || !Object.is(mark.values.get(key), row[key])) return undefined;
  }
  return { ...row };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((item, i) => item === b[i]));
}
