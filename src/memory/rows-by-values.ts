import { compilePredicate, keyOf, normalizeScope, type ByValuesOptions, type Resource } from '../kit/index';
import type { MemoryStore } from './memory-store';
import { orderComparator } from './order-comparator';

type Row = Readonly<Record<string, unknown>>;

/** The checked arguments of a by-values read: the rows of each distinct value, within the scope. */
interface ValueRows {
  /** Each distinct value given (by its key: a Date and its time are one value), with its rows in id order. */
  readonly groups: readonly { readonly value: unknown; readonly rows: readonly Row[] }[];
}

/**
 * The stored rows whose `field` holds each distinct value of `values`, within `options.scope`: by id for the id
 * field, else through the field's equality index (built on first use), never by scanning the store.
 *
 * @throws TypeError (a server fault) when `field` is not a field of the resource, `values` is not an array, or
 * `perValue` is not a non-negative integer; Error when the scope is not a valid `where`.
 */
function valueRows(
  store: MemoryStore,
  resource: Resource,
  field: unknown,
  values: unknown,
  options: ByValuesOptions<unknown>,
  method: string,
): ValueRows {
  const label = `pagelope: ${method} of "${resource.name}"`;
  if (typeof field !== 'string' || !resource.fields.has(field))
    throw new TypeError(`${label}: the field must be a field of the schema`);
  if (!Array.isArray(values)) throw new TypeError(`${label}: the values must be an array`);
  const perValue = options.perValue;
  if (perValue !== undefined && !(Number.isSafeInteger(perValue) && perValue >= 0))
    throw new TypeError(`${label}: perValue must be a non-negative integer`);
  const inScope = options.scope == null ? undefined : compilePredicate(normalizeScope(options.scope, resource));
  const byId = field === resource.idField;
  const index = byId ? undefined : store.relatingIndex(field);
  const seen = new Set<unknown>();
  const groups: { value: unknown; rows: readonly Row[] }[] = [];
  for (const value of values as readonly unknown[]) {
    if (value == null) continue;
    const key = keyOf(value);
    if (seen.has(key)) continue;
    seen.add(key);
    let rows: readonly Row[];
    if (index) rows = index.rowsOf(value);
    else {
      const row = store.find(value);
      rows = row === undefined ? [] : [row];
    }
    groups.push({ value, rows: inScope === undefined ? rows : rows.filter(inScope) });
  }
  return { groups };
}

/**
 * `Repository.listByValues` over a memory store: the rows whose `field` holds one of `values` (within the scope), in
 * the resource's default order (which ends with the id), at most `perValue` for each value (the first ones in that
 * order). Returns the stored rows: the caller copies them.
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
): Row[] {
  const { groups } = valueRows(store, resource, field, values, options, 'listByValues');
  const compare = orderComparator(store.fields, resource.defaultOrder);
  const perValue = options.perValue;
  const out: Row[] = [];
  for (const { rows } of groups) {
    if (perValue === undefined || rows.length <= perValue) out.push(...rows);
    else out.push(...[...rows].sort(compare).slice(0, perValue));
  }
  return out.sort(compare);
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
  const { groups } = valueRows(store, resource, field, values, { scope: options.scope }, 'countByValues');
  return new Map(groups.map(({ value, rows }) => [value, rows.length]));
}
