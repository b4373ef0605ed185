import type { PageResult, TotalMode } from '../pagination/index';
import type { RecordId } from '../resource/index';
import type { CursorInput, CursorPage, ListInput, Selected, TotalInput, Where } from '../query/index';

/** Input of `create` and `replace`: a record whose id may be absent. */
export type CreateInput<TRecord, TId extends keyof TRecord = 'id' & keyof TRecord> = Omit<TRecord, TId> &
  Partial<Pick<TRecord, TId>>;

/**
 * What an implementation of `Repository.list` declares it returns: a page whose `total` and `totalPages` are typed by
 * the caller's total mode (`PageResult<TRecord, never>`, assignable to a page of any mode). Its values must still be
 * what `ownPageResult` builds for the query's mode.
 *
 * @example
 * async list(query, options): Promise<RepositoryPage<User>> { ... return ownPageResult(items, meta); }
 */
export type RepositoryPage<TRecord> = PageResult<TRecord, never>;

/** A change to a stored record: any subset of its fields; a key left out, or `undefined`, keeps the stored value. */
export type Patch<TRecord> = Partial<TRecord>;

/**
 * The field names a `select` list names at compile time: the elements of a tuple (`['username'] as const`, or any
 * array literal passed where a `const` type parameter infers it), `never` for no list or an array whose elements are
 * not known statically (a `ListQuery` parsed from a query string).
 */
export type SelectFields<TSelect> = TSelect extends readonly unknown[]
  ? number extends TSelect['length']
    ? never
    : TSelect[number]
  : never;

/**
 * The type of a listed item: the whole record without a selection (or with one not known at compile time), else
 * `Pick<TRecord, 'id' | selected fields>`. The id is typed as the field `id` (a `Resource<TRecord>` does not carry the
 * literal name of its id field): for a resource whose id field has another name, name it in the selection too to
 * have it in the type (the repository always returns it, named or not).
 */
export type ListItem<TRecord, TSelect = never> = Selected<
  TRecord,
  'id' & keyof TRecord,
  Extract<SelectFields<TSelect>, keyof TRecord>
>;

/** A field selection of `TRecord`: the names of fields each listed item keeps (the id is always kept). */
export type SelectList<TRecord> = readonly (keyof TRecord & string)[];

/**
 * A relation of the resource bound, for one call, to the related resource's repository and that resource's request
 * scope: relation filters and sorts read only the related records within `scope`.
 */
export interface RelationBinding {
  /** The related resource's repository. */
  readonly repository: Repository<unknown>;
  /** The related resource's request scope, a `where` of the related resource (absent: none). */
  readonly scope?: Where<Record<string, unknown>> | undefined;
}

/** Options of a repository call that may be restricted to some records (a request scope). */
export interface ScopeOptions<TRecord> {
  /**
   * A filter ANDed into the operation: `list` and `listByCursor` see only matching records (a cursor issued under
   * another scope is a 400), and `get`, `update`, `replace` and `delete` answer for a record outside it exactly as
   * for an id that does not exist (404).
   */
  readonly scope?: Where<TRecord> | undefined;
  /**
   * The relations a listing's filter or order reads, by name, each bound to its repository and scope (the service
   * passes the ones the query uses). A query that reads a relation without a binding is a server fault.
   */
  readonly relations?: Readonly<Record<string, RelationBinding>> | undefined;
  /**
   * `true`: read from the store of record, never from a replica that may lag (the service sets it on the reads that
   * precede or check a write: a record's version, a scope check, the records of a batch). Stores without replicas
   * ignore it.
   */
  readonly fresh?: boolean | undefined;
}

/** Options of `Repository.listByValues`. */
export interface ByValuesOptions<TRecord> {
  /** The related resource's request scope: only records within it are returned or counted. */
  readonly scope?: Where<TRecord> | undefined;
  /** At most this many records for each value (absent: all of them). */
  readonly perValue?: number | undefined;
  /**
   * `false`: the records as the store finds them, in any order and once for each time their value is given (the
   * caller maps them back by value, as a to-one `include` does), so the store need neither sort nor de-duplicate.
   * Absent or `true`: each record once, in the resource's default order, ending with the id.
   */
  readonly ordered?: boolean | undefined;
  /** `true`: read from the store of record, never from a replica (as {@link ScopeOptions.fresh}). */
  readonly fresh?: boolean | undefined;
}

/**
 * One change of `Repository.updateMany`: the record with `id` gets `patch` (the fields it names), when it is within
 * the call's scope and, if given, matches `where` too (a condition of this item only, such as a version check).
 */
export interface BatchChange<TRecord> {
  readonly id: RecordId;
  readonly patch: Patch<TRecord>;
  readonly where?: Where<TRecord> | undefined;
}

/** The result of a raw statement run in a transaction: its rows, as the driver returns them. */
export interface QueryResultRows {
  readonly rows: readonly Record<string, unknown>[];
}

/**
 * One open transaction of a repository's store, handed to the `work` of `Repository.transaction`. Everything done
 * through it commits when `work` resolves and rolls back entirely when it throws.
 */
export interface Transaction {
  /**
   * Returns `repository` bound to this transaction: this one, or another of the same database or memory store.
   *
   * @throws TypeError when `repository` cannot join (another database, another kind of store).
   */
  repository<TOther>(repository: Repository<TOther>): Repository<TOther>;
  /**
   * Runs raw SQL in the transaction (PostgreSQL repositories only; absent on stores without SQL). Every value is a
   * bind parameter.
   */
  readonly query?: ((text: string, values?: readonly unknown[]) => Promise<QueryResultRows>) | undefined;
}

/**
 * The storage contract every adapter implements (in-memory, PostgreSQL). Every method is async, validates its
 * input, and reports failures as `HttpError`s: 400 for bad input, 404 for a missing id, 409 for a duplicate id.
 * Schema defaults apply on `create` and `replace`, never on `update`. Ids are {@link RecordId}s: strings, or numbers
 * for a resource with an integer id field; an implementation typed `get(id: string)` still fits for string ids.
 */
export interface Repository<TRecord> {
  /** Stores a copy of `data` (defaults applied), assigning an id when absent, and returns the stored record. */
  create(data: CreateInput<TRecord>): Promise<TRecord>;
  /** Returns the record with this id. */
  get(id: RecordId, options?: ScopeOptions<TRecord>): Promise<TRecord>;
  /** Changes exactly the fields `patch` names (no defaults filled in) and returns the updated record. */
  update(id: RecordId, patch: Patch<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord>;
  /**
   * Replaces the record with this id by `data` (HTTP PUT): fields absent from `data` take their defaults or become
   * absent/null; the id cannot change (`data` may repeat it). Returns the stored record.
   */
  replace(id: RecordId, data: CreateInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord>;
  /** Removes the record with this id and returns it. */
  delete(id: RecordId, options?: ScopeOptions<TRecord>): Promise<TRecord>;
  /**
   * Returns one page of the filtered, searched, sorted set, with its counts. With `select`, each item holds only the
   * selected fields and the id (typed `Pick<TRecord, 'id' | ...>` when the list is known at compile time); the
   * selection changes neither the total nor the order. `total` chooses how the total is counted (see `TotalMode`;
   * `readPageWithTotal` in `pagelope/kit` implements the three modes); the result's type follows it (`null` totals
   * in `'none'` mode, `totalRelation` in `'estimated'` mode).
   */
  list<const TSelect extends SelectList<TRecord> = never, const TTotal extends TotalMode = 'exact'>(
    query?: ListInput<TRecord> & TotalInput<TTotal> & { readonly select?: TSelect | undefined },
    options?: ScopeOptions<TRecord>,
  ): Promise<PageResult<ListItem<TRecord, TSelect>, TTotal>>;
  /**
   * Returns the records after `cursor` in the query's order, and the cursor of the next page. The cursor is bound to
   * the filter, the search, the order and the scope; `select` only trims the items, as for `list`. Unlike `list`, the
   * result is typed `CursorPage<TRecord>` even with `select`: a generic signature here would make TypeScript refuse
   * the usual loop that feeds `nextCursor` back in (TS7022), so narrow trimmed items with `Pick` yourself.
   */
  listByCursor(query?: CursorInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<CursorPage<TRecord>>;
  /**
   * Runs `work` in one transaction of this repository's store (optional: repositories that cannot leave it out).
   * `work` commits when it resolves and rolls back entirely when it throws (the error is rethrown); inside it,
   * `tx.repository(other)` binds this or another repository of the same store to the transaction.
   */
  transaction?<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * The records whose `field` holds one of `values` (within the scope), each once, in the resource's default order
   * (ending with the id; but see `ordered`), at most `perValue` for each value: one statement for a whole page of
   * parents, however many (what `include` embeds). Optional: without it, the service reads them through
   * `listByCursor`, page by page.
   */
  listByValues?(
    field: keyof TRecord & string,
    values: readonly RecordId[],
    options?: ByValuesOptions<TRecord>,
  ): Promise<readonly TRecord[]>;
  /**
   * The number of records whose `field` holds each of `values` (within the scope); a value no record holds may be
   * absent from the map (what `counts` reports). Optional: without it, the service counts through `list` totals.
   */
  countByValues?(
    field: keyof TRecord & string,
    values: readonly RecordId[],
    options?: ByValuesOptions<TRecord>,
  ): Promise<ReadonlyMap<RecordId, number>>;
  /**
   * Stores every record of `data` or none (one statement on PostgreSQL), as `create` would each, and returns them in
   * the order given. A duplicate id (against the store or within `data`) is a 409 and writes nothing. Optional:
   * without it, the service creates them one by one inside `transaction`.
   */
  createMany?(data: readonly CreateInput<TRecord>[]): Promise<TRecord[]>;
  /**
   * Applies every change or none, as `update` would each, and returns the updated records in the order given. A
   * change whose id is missing, outside the scope or not matching its `where` is a 404 naming it and writes nothing.
   * Optional: without it, the service updates them one by one inside `transaction`.
   */
  updateMany?(changes: readonly BatchChange<TRecord>[], options?: ScopeOptions<TRecord>): Promise<TRecord[]>;
  /**
   * Removes every record of `ids` or none (one statement on PostgreSQL) and returns them in the order given. An id
   * that is missing or outside the scope is a 404 naming it and removes nothing. Optional: without it, the service
   * deletes them one by one inside `transaction`.
   */
  deleteMany?(ids: readonly RecordId[], options?: ScopeOptions<TRecord>): Promise<TRecord[]>;
  /**
   * The fields the store fills itself when a created record has no value for them (database defaults such as
   * `gen_random_uuid()` or `now()`): the service and the OpenAPI create schema treat them as optional on create.
   */
  readonly databaseDefaults?: readonly string[];
  /**
   * `true` when, in `'estimated'` total mode, a total above the threshold is the store's estimate of the filtered,
   * scoped set (PostgreSQL's planner); absent or `false`: such a total is reported as the bounded count, the
   * threshold + 1, with `totalRelation: 'approx'` (what `repositoryContract` checks). A store that counts exactly in
   * every mode (memory) answers `'eq'` and may leave it out.
   */
  readonly estimatesTotal?: boolean;
}
