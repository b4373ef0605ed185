import {
  ownPageResult,
  exactTotalMeta,
  type RepositoryPage,
  normalizeCursorInput,
  normalizeListInput,
  nextCursorOf,
  type CursorInput,
  type CursorPage,
  type ListInput,
  type Resource,
  type RecordId,
  type ScopeOptions,
  type ByValuesOptions,
  type NormalizedQuery,
  keyOf,
} from '../kit/index';
import { indexedAfter, indexedPage } from './indexed-list';
import type { JournaledStore } from './journaled-store';
import { readAsRunning, runningReader } from './memory-transaction';
import { pickFields } from './pick-fields';
import { prepareForeign, readsForeign, relationReadingOf, type RelationReading } from './relation-reading';
import { countsByValues, rowsByValues } from './rows-by-values';

/** What the reads of a memory repository work on: its store, its resource and the copier of what callers get. */
export interface MemoryReadSource {
  readonly store: JournaledStore;
  readonly resource: Resource;
  /** Callers get copies: changes to them never reach the store. */
  readonly clone: <T>(record: T) => T;
}

/**
 * Runs the synchronous `read` of a listing with the relations its query reads: natively and at once when every
 * relation it reads is bound to a memory repository (no await before the read: a transaction's view holds), else
 * after the kit fallback has read the other repositories, on the view of the transaction the call was made in.
 */
function withRelations<T>(
  { store, resource }: MemoryReadSource,
  query: NormalizedQuery,
  relations: ScopeOptions<unknown>['relations'],
  read: (query: NormalizedQuery, related: RelationReading | undefined) => T,
): T | Promise<T> {
  if (!readsForeign(resource, query, relations)) {
    const related = relationReadingOf(resource, query, relations);
    return related ? related.run(() => read(query, related)) : read(query, undefined);
  }
  const reader = runningReader();
  const distinct = (field: string) => {
    const values = new Map<unknown, unknown>();
    store.scan((row) => void (row[field] != null && values.set(keyOf(row[field]), row[field])));
    return [...values.values()];
  };
  const relatingValues = (field: string) => readAsRunning([store], () => distinct(field), reader);
  return prepareForeign(resource, query, relations, relatingValues).then((prepared) => {
    const related = relationReadingOf(resource, prepared.query, relations, prepared.foreign);
    const stores = [store, ...(related?.stores ?? [])];
    return readAsRunning(stores, () => read(prepared.query, related), reader);
  });
}

/** A memory repository's `list`: one page through the store's indexes, with exact counts. */
export async function memoryList<TRecord>(
  source: MemoryReadSource,
  query: ListInput<TRecord> | undefined,
  options: ScopeOptions<TRecord> | undefined,
): Promise<RepositoryPage<TRecord>> {
  const normalized = normalizeListInput(query, source.resource, {
    scope: options?.scope,
    relations: options?.relations,
  });
  const listed = withRelations(source, normalized, options?.relations, (query, related) =>
    indexedPage(source.store, related ? related.fromRelatedSide(query) : query, related),
  );
  const { items, total } = listed instanceof Promise ? await listed : listed;
  return ownPageResult(
    items.map((row) => pickFields<TRecord>(row, normalized.select, source.clone)),
    exactTotalMeta(normalized, total),
  );
}

/** A memory repository's `listByCursor`: the records after the cursor through the store's indexes. */
export async function memoryListByCursor<TRecord>(
  source: MemoryReadSource,
  query: CursorInput<TRecord> | undefined,
  options: ScopeOptions<TRecord> | undefined,
): Promise<CursorPage<TRecord>> {
  const normalized = normalizeCursorInput(query, source.resource, {
    scope: options?.scope,
    relations: options?.relations,
  });
  const listed = withRelations(source, normalized, options?.relations, (read, related) => {
    const rows = indexedAfter(source.store, related ? related.fromRelatedSide(read) : read, related);
    const page = rows.slice(0, normalized.limit);
    const last = page[page.length - 1];
    // The cursor holds the last record's sort values: taken from the whole row (with the values of the order's
    // relation paths), before the selection trims it; it binds the query as given (`read` keeps its binding).
    const more = rows.length > normalized.limit && last;
    return { page, nextCursor: more ? nextCursorOf(read, related ? related.cursorRow(last) : last) : null };
  });
  const { page, nextCursor } = listed instanceof Promise ? await listed : listed;
  const items = page.map((row) => pickFields<TRecord>(row, normalized.select, source.clone));
  return Object.freeze({ items: Object.freeze(items), nextCursor });
}

/** A memory repository's `listByValues`: copies of the records whose `field` holds one of `values`. */
export async function memoryListByValues<TRecord>(
  source: MemoryReadSource,
  field: string,
  values: readonly RecordId[],
  options: ByValuesOptions<TRecord> | undefined,
): Promise<readonly TRecord[]> {
  const rows = rowsByValues(source.store, source.resource, field, values, options as ByValuesOptions<unknown>);
  const out = new Array<TRecord>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = source.clone(rows[i] as TRecord);
  return out;
}

/** A memory repository's `countByValues`: the number of records whose `field` holds each of `values`. */
export async function memoryCountByValues<TRecord>(
  source: MemoryReadSource,
  field: string,
  values: readonly RecordId[],
  options: ByValuesOptions<TRecord> | undefined,
): Promise<ReadonlyMap<RecordId, number>> {
  return countsByValues(source.store, source.resource, field, values, options as ByValuesOptions<unknown>) as Map<
    RecordId,
    number
  >;
}
