import type { PageResult } from '../pagination/page-result';
import type { CursorInput, CursorPage, ListInput } from '../query/types';

/** Input of `create`: a record whose id may be absent. */
export type CreateInput<TRecord, TId extends keyof TRecord = 'id' & keyof TRecord> = Omit<TRecord, TId> &
  Partial<Pick<TRecord, TId>>;

/** A change to a stored record: any subset of its fields. */
export type Patch<TRecord> = Partial<TRecord>;

/**
 * The storage contract every adapter implements (in-memory, PostgreSQL). Every method is async, validates its
 * input, and reports failures as `HttpError`s: 400 for bad input, 404 for a missing id, 409 for a duplicate id.
 */
export interface Repository<TRecord> {
  /** Stores a copy of `data`, assigning an id when absent, and returns the stored record. */
  create(data: CreateInput<TRecord>): Promise<TRecord>;
  /** Returns the record with this id. */
  get(id: string): Promise<TRecord>;
  /** Applies `patch` to the record with this id and returns the updated record. */
  update(id: string, patch: Patch<TRecord>): Promise<TRecord>;
  /** Removes the record with this id and returns it. */
  delete(id: string): Promise<TRecord>;
  /** Returns one page of the filtered, sorted set, with its counts. */
  list(query?: ListInput<TRecord>): Promise<PageResult<TRecord>>;
  /** Returns the records after `cursor` in the query's order, and the cursor of the next page. */
  listByCursor(query?: CursorInput<TRecord>): Promise<CursorPage<TRecord>>;
}
