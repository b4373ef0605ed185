import {
  codePointKey,
  compilePredicate,
  keyOf,
  normalizeScope,
  type ByValuesOptions,
  type Resource,
} from '../kit/index';
import type { MemoryStore } from './memory-store';
import { orderComparator } from './order-comparator';
import { sortById } from './sort-rows';

type Row = Readonly<Record<string, unknown>>;

type Test = (row: Row) => boolean;

/** The start of the messages of a by-values read's faults. */
const labelOf = (method: string, resource: Resource): string => `pagelope: ${method} of "${resource.name}"`;

/**
 * Checks the arguments of a by-values read and compiles its scope (`undefined`: none).
 *
 * @throws TypeError (a server fault) when `field` is not a field of the resource, `values` is not an array, or
 * `perValue` is not a non-negative integer; Error when the scope is not a valid `where`.
 */
function checked(
  resource: Resource,
  field: unknown,
  values: unknown,
  options: ByValuesOptions<unknown>,
  method: string,
): Test | undefined {
  if (typeof field !== 'string' || !resource.fields.has(field))
    throw new TypeError(`${labelOf(method, resource)}: the field must be a field of the schema`);
  if (!Array.isArray(values)) throw new TypeError(`${labelOf(method, resource)}: the values must be an array`);
  const perValue = options.perValue;
  if (perValue !== undefined && !(Number.isSafeInteger(perValue) && perValue >= 0))
    throw new TypeError(`${labelOf(method, resource)}: perValue must be a non-negative integer`);
  return options.scope == null ? undefined : compilePredicate(normalizeScope(options.scope, resource));
}

/**
 * The rows of each distinct value of `values` in `field` (not the id field), within the scope, through the field's
 * equality index (built on first use), never by scanning the store: one group per distinct value (by its key: a Date
 * and its time are one value), its rows in id order.
 */
function valueGroups(
  store: MemoryStore,
  field: string,
  values: readonly unknown[],
  inScope: Test | undefined,
): (readonly Row[])[] {
  const index = store.relatingIndex(field);
  const seen = new Set<unknown>();
  const groups: (readonly Row[])[] = [];
  for (const value of values) {
    if (value == null) continue;
    const key = keyOf(value);
    if (seen.has(key)) continue;
    seen.add(key);
    const rows = index.rowsOf(value);
    groups.push(inScope === undefined || rows.length === 0 ? rows : rows.filter(inScope));
  }
  return groups;
}

/**
 * The rows whose id is one of `values`, within the scope, in no particular order, a row given twice found twice: one
 * hash lookup a value ({@link MemoryStore.rowById}), nothing else done per value.
 */
function rowsOfIds(store: MemoryStore, values: readonly unknown[], inScope: Test | undefined): Row[] {
  const out: Row[] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value == null) continue;
    const row = store.rowById(value);
    if (row !== undefined && (inScope === undefined || inScope(row))) out.push(row);
  }
  return out;
}

/** Sorted rows without the repeats of a row (adjacent once sorted: the order ends with the id). */
function withoutRepeats(rows: readonly Row[]): readonly Row[] {
  let repeats = false;
  for (let i = 1; i < rows.length && !repeats; i++) repeats = rows[i] === rows[i - 1];
  return repeats ? rows.filter((row, i) => i === 0 || row !== rows[i - 1]) : rows;
}

/** Up to this many rows are sorted by {@link sortFewById}; more by `sortById`. */
const SMALL = 32;

/**
 * A few rows (an array of the caller's, sorted in place) in id order by an insertion sort over their ids' code-point
 * keys (`codePointKey`: the id itself unless it holds a unit from U+D800 up), compared natively: the ids of one page.
 */
function sortFewById(rows: Row[], idField: string): Row[] {
  const n = rows.length;
  const keys = new Array<string | number>(n);
  for (let i = 0; i < n; i++) {
    const id = (rows[i] as Row)[idField];
    keys[i] = typeof id === 'string' ? codePointKey(id) : (id as number);
  }
  for (let i = 1; i < n; i++) {
    const key = keys[i] as string | number;
    const row = rows[i] as Row;
    let j = i - 1;
    // The ids of a store are all strings or all numbers: `>` compares two of one type.
    for (; j >= 0 && (keys[j] as string | number) > key; j--) {
      keys[j + 1] = keys[j] as string | number;
      rows[j + 1] = rows[j] as Row;
    }
    keys[j + 1] = key;
    rows[j + 1] = row;
  }
  return rows;
}

/** `rows` (an array of the caller's) in the resource's default order: by a key sort when that order is the id's. */
function inDefaultOrder(rows: Row[], store: MemoryStore, resource: Resource): readonly Row[] {
  if (rows.length < 2) return rows;
  const order = resource.defaultOrder;
  const only = order.length === 1 ? order[0] : undefined;
  if (only?.field === store.idField) {
    const sorted = rows.length <= SMALL ? sortFewById(rows, store.idField) : sortById(rows, store.idField);
    return only.direction === 'desc' ? [...sorted].reverse() : sorted;
  }
  return rows.sort(orderComparator(store.fields, order));
}

/**
 * `Repository.listByValues` over a memory store: the rows whose `field` holds one of `values` (within the scope), in
 * the resource's default order (which ends with the id), each row once (unordered, a row once per value given, when
 * `ordered` is `false`), at most `perValue` for each value (the first ones in that order). Returns the stored rows:
 * the caller copies them.
 *
 * @throws TypeError (a server fault) for a field that is not in the schema, values that are not an array, or a
 * `perValue` that is not a non-negative integer; Error when the scope is not a valid `where`.
 * @example
 * rowsByValues(store, reviews, 'bookId', ['b1', 'b2'], { perValue: 20 });
 */
export function rowsByValues(
  store: MemoryStore,
  resource: Resource,
  field: unknown,
  values: unknown,
  options: ByValuesOptions<unknown> = {},
): readonly Row[] {
  const inScope = checked(resource, field, values, options, 'listByValues');
  const perValue = options.perValue;
  if (perValue === 0) return [];
  const ordered = options.ordered !== false;
  if (field === resource.idField) {
    const rows = rowsOfIds(store, values as unknown[], inScope);
    return ordered ? withoutRepeats(inDefaultOrder(rows, store, resource)) : rows;
  }
  const compare = orderComparator(store.fields, resource.defaultOrder);
  const out: Row[] = [];
  for (const rows of valueGroups(store, field as string, values as unknown[], inScope)) {
    if (perValue === undefined || rows.length <= perValue)
      for (let i = 0; i < rows.length; i++) out.push(rows[i] as Row);
    else out.push(...[...rows].sort(compare).slice(0, perValue));
  }
  return ordered && out.length > 1 ? out.sort(compare) : out;
}

/**
 * `Repository.countByValues` over a memory store: for each distinct value of `values` (non-null), how many rows hold
 * it within the scope (0 included).
 *
 * @throws TypeError (a server fault) for a field that is not in the schema or values that are not an array; Error
 * when the scope is not a valid `where`.
 */
export function countsByValues(
  store: MemoryStore,
  resource: Resource,
  field: unknown,
  values: unknown,
  options: ByValuesOptions<unknown> = {},
): Map<unknown, number> {
  const inScope = checked(resource, field, values, { scope: options.scope }, 'countByValues');
  const counts = new Map<unknown, number>();
  const byId = field === resource.idField;
  const index = byId ? undefined : store.relatingIndex(field as string);
  const seen = new Set<unknown>();
  for (const value of values as readonly unknown[]) {
    if (value == null) continue;
    const key = keyOf(value);
    if (seen.has(key)) continue;
    seen.add(key);
    if (index === undefined) {
      const row = store.rowById(value);
      counts.set(value, row !== undefined && (inScope === undefined || inScope(row)) ? 1 : 0);
    } else counts.set(value, inScope === undefined ? index.sizeOf(value) : index.rowsOf(value).filter(inScope).length);
  }
  return counts;
}
