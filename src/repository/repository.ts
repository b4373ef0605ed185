import type { PageResult } from '../pagination/page-result';
import type { CursorInput, CursorPage, ListInput, Where } from '../query/types';

/** Input of `create` and `replace`: a record whose id may be absent. */
export type CreateInput<TRecord, TId extends keyof TRecord = 'id' & keyof TRecord> = Omit<TRecord, TId> &
  Partial<Pick<TRecord, TId>>;

/** A change to a stored record: any subset of its fields; a key left out, or `undefined`, keeps the stored value. */
export type Patch<TRecord> = Partial<TRecord>;

/** Options of a repository call that may be restricted to some records (a request scope). */
export interface ScopeOptions<TRecord> {
  /**
   * A filter ANDed into the operation: `list` and `listByCursor` see only matching records (a cursor issued under
   * another scope is a 400), and `get`, `update`, `replace` and `delete` answer for a record outside it exactly as
   * for an id that does not exist (404).
   */
  readonly scope?: Where<TRecord> | undefined;
}

/**
 * The storage contract every adapter implements (in-memory, PostgreSQL). Every method is async, validates its
 * input, and reports failures as `HttpError`s: 400 for bad input, 404 for a missing id, 409 for a duplicate id.
 * Schema defaults apply on `create` and `replace`, never on `update`.
 */
export interface Repository<TRecord> {
  /** Stores a copy of `data` (defaults applied), assigning an id when absent, and returns the stored record. */
  create(data: CreateInput<TRecord>): Promise<TRecord>;
  /** Returns the record with this id. */
  get(id: string, options?: ScopeOptions<TRecord>): Promise<TRecord>;
  /** Changes exactly the fields `patch` names (no defaults filled in) and returns the updated record. */
  update(id: string, patch: Patch<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord>;
  /**
   * Replaces the record with this id by `data` (HTTP PUT): fields absent from `data` take their defaults or become
   * absent/null; the id cannot change (`data` may repeat it). Returns the stored record.
   */
  replace(id: string, data: CreateInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord>;
  /** Removes the record with this id and returns it. */
  delete(id: string, options?: ScopeOptions<TRecord>): Promise<TRecord>;
  /** Returns one page of the filtered, sorted set, with its counts. */
  list(query?: ListInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<PageResult<TRecord>>;
  /** Returns the records after `cursor` in the query's order, and the cursor of the next page. */
  listByCursor(query?: CursorInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<CursorPage<TRecord>>;
}
