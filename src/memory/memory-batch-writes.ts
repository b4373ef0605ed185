import {
  duplicateIdError,
  validatePatch,
  type BatchChange,
  type CreateInput,
  type RecordId,
  type Repository,
  type Resource,
  type ScopeOptions,
  type Where,
} from '../kit/index';
import { applyAllOrNone } from './apply-all-or-none';
import type { JournaledStore } from './journaled-store';

type Row = Record<string, unknown>;

/** What the batch writes need of the memory repository they belong to. */
export interface MemoryBatchParts<TRecord> {
  readonly resource: Resource<TRecord>;
  readonly store: JournaledStore;
  /** Validates a create body (defaults applied, id generated when absent); no duplicate check. */
  readonly prepare: (data: unknown) => Row;
  /**
   * The stored record with this id within the scope (and matching `where`), else the single operations' 404. Reads
   * the store as it is now, with the batch's earlier changes.
   */
  readonly find: (id: unknown, options: ScopeOptions<TRecord> | undefined, where?: Where<TRecord>) => Row;
  /** A copy for the caller (or to store). */
  readonly clone: (record: TRecord) => TRecord;
}

/** The batch writes of a memory repository: `createMany`, `updateMany` and `deleteMany`. */
export type MemoryBatchWrites<TRecord> = Required<
  Pick<Repository<TRecord>, 'createMany' | 'updateMany' | 'deleteMany'>
>;

/**
 * The batch writes of a memory repository, each all or nothing: every item is validated first (the 400 of the first
 * bad one, as the single operation gives it), then the items are applied in order through a journal of their own
 * (`applyAllOrNone`), so that the first failure (a 409 for a duplicate id, a 404 for a record that is missing, out
 * of the scope or not matching its `where`) undoes the ones before it. A batch does what the same single calls, one
 * after the other, would do, or nothing:
 *
 * - `createMany`: an id given twice is a 409 for the second item, as is an id already stored.
 * - `updateMany`: an id given twice applies both changes in order, the second (and its `where`) to the record as the
 *   first left it; each result is the record as its own change left it.
 * - `deleteMany`: an id given twice is a 404 for the second (the record is gone by then).
 */
export function createMemoryBatchWrites<TRecord>(parts: MemoryBatchParts<TRecord>): MemoryBatchWrites<TRecord> {
  const { resource, store, prepare, find, clone } = parts;
  const idField = resource.idField;
  return {
    async createMany(data: readonly CreateInput<TRecord>[]): Promise<TRecord[]> {
      const records = Array.from(data, (item) => prepare(item));
      const seen = new Set<unknown>();
      for (const record of records) {
        const id = record[idField] as RecordId;
        if (seen.has(id) || store.find(id) !== undefined) throw duplicateIdError(resource, id);
        seen.add(id);
      }
      applyAllOrNone(store, () => {
        for (const record of records) store.add(record);
      });
      return records.map((record) => clone(record as TRecord));
    },
    async updateMany(changes: readonly BatchChange<TRecord>[], options?: ScopeOptions<TRecord>): Promise<TRecord[]> {
      // Validated first, each as `update` validates its patch: a bad item is a 400 before any id is looked up.
      const patches = Array.from(changes, (change) => validatePatch(resource, change.patch, change.id));
      const updated = applyAllOrNone(store, () =>
        changes.map((change, i) => {
          const current = find(change.id, options, change.where);
          const next = clone({ ...current, ...patches[i] } as TRecord) as Row;
          store.replace(current, next);
          return next;
        }),
      );
      return updated.map((record) => clone(record as TRecord));
    },
    async deleteMany(ids: readonly RecordId[], options?: ScopeOptions<TRecord>): Promise<TRecord[]> {
      const removed = applyAllOrNone(store, () =>
        Array.from(ids, (id) => {
          const record = find(id, options);
          store.remove(record);
          return record;
        }),
      );
      return removed.map((record) => clone(record as TRecord));
    },
  };
}
