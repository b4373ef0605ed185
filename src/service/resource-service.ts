import type { HookBus } from '../hooks/index';
import type { PageResult, TotalMode } from '../pagination/index';
import type { CursorInput, CursorPage, ListInput, TotalInput } from '../query/index';
import type { RecordIdOf, Resource } from '../resource/index';
import type { ListItem, Repository, SelectList } from '../kit/index';
import type { DefaultLocals, ResourceHooks, ScopeFunction } from './contexts';
import type { RelatedService } from './relation-binder';
import type { DeletedInput, IfMatch } from './lifecycle';

/** Per-call options of a service operation. */
export interface OperationOptions<TLocals = DefaultLocals> {
  /** The incoming request's headers (Node header object, Fetch `Headers` or a plain record). */
  readonly headers?: unknown;
  /**
   * The correlation id the caller already resolved for this request (for example by a middleware that also set
   * the response header); used when it is a safe token, else resolved from `headers`.
   */
  readonly correlationId?: string;
  /** What the caller knows about the request beyond its headers (the authenticated user, the tenant). */
  readonly locals?: Readonly<TLocals>;
}

/**
 * The relations a read embeds, beside its query: `include` (each item gets the related record, or `null`, for a
 * to-one relation and an array of at most `maxEmbedded` related records for a to-many one) and `counts` (each item
 * gets `_count: { <relation>: n }`). Server code may name any relation of the resource (to-many ones for `counts`);
 * an unknown one is a 400. The items' types do not show the embedded keys (best effort: read them as
 * `item.author` after a cast, or through a type of your own).
 */
export interface RelationsInput {
  readonly include?: readonly string[] | undefined;
  readonly counts?: readonly string[] | undefined;
}

/**
 * Per-call options of `get`: the operation's options, the relations to embed in the record, and (on a resource with
 * soft delete) `deleted` to read a deleted record too (`'include'`) or only one (`'only'`).
 */
export interface GetOptions<TLocals = DefaultLocals> extends OperationOptions<TLocals>, RelationsInput, DeletedInput {}

/**
 * Per-call options of a write to one record (`update`, `replace`, `delete`, `restore`): with `ifMatch` (a version,
 * an entity tag such as `'"3"'`, a list of tags, or `'*'`), the write happens only if the stored version matches, in
 * the same statement as the write; otherwise it is a 412 and nothing changes.
 */
export interface WriteOptions<TLocals = DefaultLocals> extends OperationOptions<TLocals> {
  readonly ifMatch?: IfMatch | undefined;
}

/** Per-call options of `delete`: `permanent: true` removes a record of a soft-delete resource (deleted or not). */
export interface DeleteOptions<TLocals = DefaultLocals> extends WriteOptions<TLocals> {
  readonly permanent?: boolean | undefined;
}

/** Options of {@link createResourceService}. */
export interface ResourceServiceOptions<TRecord, TLocals = DefaultLocals> {
  readonly resource: Resource<TRecord>;
  readonly repository: Repository<TRecord>;
  /** The hook bus to run; a new, empty one by default (reachable as `service.hooks`). */
  readonly hooks?: HookBus<ResourceHooks<TRecord, TLocals>>;
  /**
   * The request scope: a `where` ANDed into every operation (or `undefined` for none), computed once per operation
   * from its context. Records outside it are not listed and answer 404; a write that would leave it is a 403.
   */
  readonly scope?: ScopeFunction<TRecord, TLocals>;
  /**
   * Runs each write (create, update, replace, delete, restore, and each batch as a whole) in one
   * `repository.transaction`: its before-hooks, scope, write and after-hooks (of every item of a batch), whose
   * contexts carry `transaction` (join other repositories with `context.transaction.repository(other)`). A throw
   * anywhere rolls every write back; the `onAfterError<Op>` handlers run after the rollback. Reads are unchanged.
   * Default `false`.
   */
  readonly transaction?: boolean;
  /**
   * The service of each relation's related resource, by relation name (or a function returning it, so that two
   * services can name each other): relation filters, sorts, `include` and `counts` read the related records through
   * its repository, within its scope (its scope function is called with this call's headers, locals and correlation
   * id, operation `'list'`), and embeds lose its hidden fields. A relation open to clients (includable, countable,
   * filterable or sortable) must be bound here (a TypeError otherwise); one only server code uses without a bound
   * service is a server fault (500) when used. Writes: when the service bound to a to-one relation has a scope or a
   * soft delete, a value the client writes in the relation's field (create, update, replace, batch items) must be
   * the id of a record within that scope (operation `'get'`) and not deleted, else it is the 409 of a record that
   * does not exist (`authorId: refers to a record that does not exist`), whoever holds the id.
   */
  readonly relations?: Readonly<Record<string, RelatedService>>;
}

/** The route operations of one resource: checks, before-hooks, scope, repository call, after-hooks. */
export interface ResourceService<TRecord, TLocals = DefaultLocals> {
  readonly resource: Resource<TRecord>;
  readonly hooks: HookBus<ResourceHooks<TRecord, TLocals>>;
  /** The fields the repository fills on create (its `databaseDefaults`), so create bodies may leave them out. */
  readonly databaseDefaults?: readonly string[];
  /**
   * One page of the records (within the scope), with its counts. With `select`, each item holds only the selected
   * fields and the id (typed `Pick<TRecord, 'id' | ...>` for a list known at compile time); a hidden field is a 400,
   * as an unknown one. `total` chooses the total mode (see `TotalMode`), and the result's type follows it.
   */
  list<const TSelect extends SelectList<TRecord> = never, const TTotal extends TotalMode = 'exact'>(
    query?: ListInput<TRecord> &
      TotalInput<TTotal> &
      RelationsInput &
      DeletedInput & { readonly select?: TSelect | undefined },
    options?: OperationOptions<TLocals>,
  ): Promise<PageResult<ListItem<TRecord, TSelect>, TTotal>>;
  /**
   * The records after the query's cursor (within the scope) and the next cursor; `select` trims the items as for
   * `list`, but the result stays typed `CursorPage<TRecord>` (see `Repository.listByCursor`).
   */
  listByCursor(
    query?: CursorInput<TRecord> & RelationsInput & DeletedInput,
    options?: OperationOptions<TLocals>,
  ): Promise<CursorPage<TRecord>>;
  create(body: unknown, options?: OperationOptions<TLocals>): Promise<TRecord>;
  /**
   * The record with this id. Like `update`, `replace` and `delete`, it first checks the id against the id field's
   * schema (a number id field also takes its decimal text, `'42'`): an id no record can have (`abc` for a uuid, a
   * NUL character) is the same 404 as an id that does not exist, before any hook or repository call. `include` and
   * `counts` embed related records as in `list` (validated before the record is read).
   */
  get(id: RecordIdOf<TRecord> | string, options?: GetOptions<TLocals>): Promise<TRecord>;
  /** Changes exactly the fields `patch` names (HTTP PATCH). */
  update(id: RecordIdOf<TRecord> | string, patch: unknown, options?: WriteOptions<TLocals>): Promise<TRecord>;
  /** Replaces the record (HTTP PUT); read-only and hidden fields keep their stored values unless a hook sets them. */
  replace(id: RecordIdOf<TRecord> | string, body: unknown, options?: WriteOptions<TLocals>): Promise<TRecord>;
  /**
   * Deletes the record and returns it: on a resource with `softDelete`, sets its soft-delete field to the current time
   * (the record is then invisible until restored) unless `permanent` is true.
   */
  delete(id: RecordIdOf<TRecord> | string, options?: DeleteOptions<TLocals>): Promise<TRecord>;
  /**
   * Clears the soft-delete field of a deleted record and returns it; a record that is not deleted is returned as it
   * is. A 400 on a resource without `softDelete`.
   */
  restore(id: RecordIdOf<TRecord> | string, options?: WriteOptions<TLocals>): Promise<TRecord>;
  /**
   * Creates every item or none: each goes through the checks and before-hooks of `create`; when any fails, one
   * error lists every problem of every item (`items[3].price: ...`) with the status `create` would give (400 before
   * 403, 404, 409), and nothing is written. Otherwise all are written with one `repository.createMany` (or inside one
   * transaction) and the after-hooks run per item. At least 1 and at most 1,000 items.
   */
  createMany(items: readonly unknown[], options?: OperationOptions<TLocals>): Promise<TRecord[]>;
  /**
   * Updates every item (`{ id, ...patch }`) or none, as `createMany` creates: checks and before-hooks of `update`
   * per item, ids that are missing, outside the scope or deleted are 404s, an id given twice a 400.
   */
  updateMany(items: readonly unknown[], options?: OperationOptions<TLocals>): Promise<TRecord[]>;
  /**
   * Deletes every id or none (soft deletes on a resource with `softDelete` unless `permanent`), returning the
   * records: ids that are missing, outside the scope or deleted are 404s, an id given twice a 400.
   */
  deleteMany(
    ids: readonly unknown[],
    options?: OperationOptions<TLocals> & { readonly permanent?: boolean | undefined },
  ): Promise<TRecord[]>;
}
