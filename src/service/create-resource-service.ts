import { HttpError, isSafeCorrelationId, resolveCorrelationId } from '../errors/index';
import { createHookBus, type HookBus } from '../hooks/index';
import { normalizeHeaders } from '../internal/index';
import type { PageResult } from '../pagination/index';
import type { CursorInput, CursorPage, ListInput, Where } from '../query/index';
import {
  type RecordId,
  type RecordIdOf,
  type Resource,
  checkBody,
  markValidated,
  notFoundError,
  toRecordId,
  validateWrite,
} from '../resource/index';
import type { CreateInput, ListItem, Patch, Repository, ScopeOptions, SelectList } from '../kit/index';
import { refuseHiddenOrder } from './refuse-hidden-order';
import { refuseHiddenSelect } from './refuse-hidden-select';
import type { DefaultLocals, OperationContext, ResourceHooks, ScopeFunction, ServiceOperation } from './contexts';
import { createScopeCheck, type ScopeCheck } from './scope-check';
import { createHiddenFilter } from './hidden-filter';
import { createWriteRunner } from './write-transaction';
import { createRelationBinder, readWithRelations, type RelatedService } from './relation-binder';
import { relationNamesOf } from './relation-plan';
import { registerService } from './relation-registry';
import { createBatchWrites } from './batch-writes';
import { refuseReservedId } from './reserved-ids';
import {
  andWhere,
  lifecycleRules,
  preconditionFailed,
  readIfMatch,
  versionMatches,
  type DeletedInput,
  type IfMatch,
  type VersionMatch,
} from './lifecycle';

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
   * Runs each write (create, update, replace, delete) in one `repository.transaction`: its before-hooks, scope, write
   * and after-hooks, whose contexts carry `transaction` (join other repositories with
   * `context.transaction.repository(other)`). A throw anywhere rolls every write back; the `onAfterError<Op>` handlers
   * run after the rollback. Reads are unchanged. Default `false`.
   */
  readonly transaction?: boolean;
  /**
   * The service of each relation's related resource, by relation name (or a function returning it, so that two
   * services can name each other): relation filters, sorts, `include` and `counts` read the related records through
   * its repository, within its scope (its scope function is called with this call's headers, locals and correlation
   * id, operation `'list'`), and embeds lose its hidden fields. A relation open to clients (includable, countable,
   * filterable or sortable) must be bound here (a TypeError otherwise); one only server code uses without a bound
   * service is a server fault (500) when used.
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
   * as an unknown one.
   */
  list<const TSelect extends SelectList<TRecord> = never>(
    query?: ListInput<TRecord> & RelationsInput & DeletedInput & { readonly select?: TSelect | undefined },
    options?: OperationOptions<TLocals>,
  ): Promise<PageResult<ListItem<TRecord, TSelect>>>;
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

type Row = Record<string, unknown>;
type Events<TRecord, TLocals> = ResourceHooks<TRecord, TLocals>;
type Handler = (context: object) => unknown;

const NO_LOCALS: DefaultLocals = Object.freeze({});

/** How many times a versioned write without `If-Match` is tried again over a concurrent change before a 409. */
const MAX_WRITE_TRIES = 16;

/**
 * Wires a resource, a repository and a hook bus into the route operations. Each operation runs, in this order: the
 * body checks of the resource's field policy (create, update, replace), the `onBefore<Op>` handlers (each may
 * replace the input, or throw to refuse), the request scope (stamped into created and replaced records, checked on
 * every write), final validation, the repository call, then the `onAfter<Op>` handlers (each may replace the
 * result). Hidden fields are removed from every result. On any failure it runs every `onAfterError<Op>` handler
 * and rethrows the original error. With `transaction: true`, everything from the before-hooks to the after-hooks of a
 * write runs in one transaction of the repository, rolled back when any step throws.
 *
 * Relations bound with `relations` are read through the related services' repositories, within their scopes: the
 * bindings of the relations a listing's `where` or `orderBy` reads go to the repository (`ScopeOptions.relations`),
 * and `include` / `counts` (list, listByCursor, get) are embedded after the repository call, with one related call
 * per relation for the whole page, before the `onAfter<Op>` handlers run (they see the embeds).
 *
 * @throws TypeError at creation for `transaction: true` with a repository that has no `transaction` method, or a
 * `relations` key that is not a relation of the resource.
 * @throws HttpError (from the returned operations) 400 for a bad body or query, 403 for a write that would leave
 * the scope, 404 for a missing or out-of-scope id or one the id field's schema rejects, and whatever the repository
 * or a handler throws.
 * @example
 * const service = createResourceService({
 *   resource: users,
 *   repository: createMemoryRepository(users),
 *   scope: ({ locals }) => ({ tenantId: locals.tenantId }),
 * });
 * service.hooks.on('onBeforeCreate', ({ body }) => ({ ...body, createdAt: new Date() }));
 * await service.create({ username: 'ada' }, { headers: req.headers, locals: { tenantId: 't1' } });
 */
export function createResourceService<TRecord, TLocals = DefaultLocals>(
  options: ResourceServiceOptions<TRecord, TLocals>,
): ResourceService<TRecord, TLocals> {
  const { resource, repository, scope: scopeOf } = options;
  const generic = resource as Resource;
  const hooks = options.hooks ?? createHookBus<Events<TRecord, TLocals>>();
  const hide = createHiddenFilter<TRecord>(generic);
  const write = createWriteRunner<TRecord, TLocals>(repository, options.transaction);
  // Fields the store fills when a created record has none: they may be absent from the record validated for create.
  const databaseDefaults = repository.databaseDefaults;
  const binder = createRelationBinder(generic, options.relations);
  const hasRelations = binder.relations.size > 0;
  const protectedFields = [...new Set([...generic.readOnly, ...generic.hidden])].filter(
    (field) => field !== generic.idField,
  );

  /**
   * The context of one call, built only when something reads it (a handler or the scope): `headers` are read from
   * the options at call time, normalised (and the correlation id resolved) on first use, once per call.
   */
  const lazyContext = (options: OperationOptions<TLocals>, extra: object) => {
    let built: OperationContext<TRecord, TLocals> | undefined;
    return (): OperationContext<TRecord, TLocals> => {
      if (built === undefined) {
        const { headers, correlationId, locals } = options;
        const normalized = normalizeHeaders(headers);
        const id = isSafeCorrelationId(correlationId) ? correlationId : resolveCorrelationId(normalized);
        built = {
          resource,
          headers: normalized,
          correlationId: id,
          locals: (locals ?? NO_LOCALS) as Readonly<TLocals>,
          ...extra,
        };
      }
      return built;
    };
  };
  type Context = () => OperationContext<TRecord, TLocals>;

  /** Runs `work`; on failure runs the operation's error handlers with the context, then rethrows. */
  async function guarded<T>(errorEvent: keyof Events<TRecord, TLocals>, context: Context, work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      if (hooks.handlers(errorEvent).length > 0) {
        await hooks.emitSettled(errorEvent, Object.freeze({ ...context() }) as never, error as never);
      }
      throw error;
    }
  }

  /** {@link guarded} around a write's steps, which get the repository and context of its transaction, if any. */
  function written<T>(
    errorEvent: keyof Events<TRecord, TLocals>,
    context: Context,
    work: (repository: Repository<TRecord>, context: Context) => Promise<T>,
  ) {
    return guarded(errorEvent, context, () => write(context, work));
  }
  /**
   * {@link written} for a write to the record with an id: an id `toRecordId` refused is the 404 of a missing id before
   * any transaction, hook or repository call.
   */
  function writtenById<T>(
    errorEvent: keyof Events<TRecord, TLocals>,
    context: Context,
    key: RecordId | undefined,
    given: unknown,
    work: (repository: Repository<TRecord>, context: Context, id: RecordId) => Promise<T>,
  ) {
    return guarded(errorEvent, context, () => {
      const id = existing(key, given);
      return write(context, (repository, bound) => work(repository, bound, id));
    });
  }

  /** Runs the handlers of `event` in turn, each with `key` set to the current value, which it may replace. */
  async function chain<T>(event: keyof Events<TRecord, TLocals>, context: Context, key: string, value: T): Promise<T> {
    const handlers = hooks.handlers(event) as readonly Handler[];
    // No handler: nothing reads the context, so none is built (the common case on a hot list route).
    for (let i = 0; i < handlers.length; i++) {
      const replacement = await (handlers[i] as Handler)(Object.freeze({ ...context(), [key]: value }));
      if (replacement !== undefined) value = replacement as T;
    }
    return value;
  }

  /** Runs the handlers of `event` in turn, each with the same context; what they return is ignored. */
  async function notify(event: keyof Events<TRecord, TLocals>, context: Context, key: string, value: unknown) {
    const handlers = hooks.handlers(event) as readonly Handler[];
    for (let i = 0; i < handlers.length; i++)
      await (handlers[i] as Handler)(Object.freeze({ ...context(), [key]: value }));
  }

  /** The scope of this operation, validated, or undefined when the service has none or it returns none. */
  async function scopeFor(operation: ServiceOperation, context: Context): Promise<ScopeCheck<TRecord> | undefined> {
    if (scopeOf === undefined) return undefined;
    const where = await scopeOf(Object.freeze({ ...context(), operation }));
    return where == null ? undefined : createScopeCheck(where as Where<TRecord>, generic);
  }
  /** The id as the id field's schema parses it, or `undefined` for one no record can have (answered with a 404). */
  const recordIdOf = (id: unknown) => toRecordId(generic, id) as RecordIdOf<TRecord> | undefined;
  /** @throws HttpError 404, the one of an id that does not exist, for an id `toRecordId` refused. */
  const existing = (key: RecordId | undefined, id: unknown): RecordId => {
    if (key === undefined) throw notFoundError(generic, id);
    return key;
  };

  const rules = lifecycleRules(generic);
  const lifecycle = rules.softDelete !== undefined || rules.version !== undefined;
  /** The repository options of a call: the request scope, narrowed to the records the call sees (soft delete). */
  const within = (
    scope: ScopeCheck<TRecord> | undefined,
    mode?: 'include' | 'only' | 'all',
  ): ScopeOptions<TRecord> | undefined => {
    const where = lifecycle || mode !== undefined ? rules.visible(scope?.where, mode) : scope?.where;
    return where === undefined ? undefined : { scope: where };
  };
  /** The `deleted` mode of a listing input, and the input without it (repositories do not take it). */
  const deletedOf = <T>(input: T): { input: T; mode: 'include' | 'only' | undefined } => {
    const mode = (input as DeletedInput | undefined)?.deleted;
    if (mode === undefined) return { input, mode };
    const rest: Row = { ...(input as Row) };
    delete rest.deleted;
    return { input: rest as T, mode };
  };
  /**
   * A validated write with the version stamp: the write itself when there is none, else a copy marked validated too
   * (the stamp is the server's), so the repository does not parse it again.
   */
  const stamped = (valid: Row, stamp: Row, mode: 'update' | 'replace', id: RecordId): Row => {
    if (Object.keys(stamp).length === 0) return valid;
    return markValidated({ ...valid, ...stamp }, generic, mode, id, databaseDefaults ?? []);
  };
  /** The stamp of a new record: version 1 and not deleted, where the record leaves them unset. */
  const stampNew = (data: Row): Row => {
    if (!lifecycle) return data;
    const out = { ...data };
    if (rules.version !== undefined && out[rules.version] === undefined) out[rules.version] = 1;
    if (rules.softDelete !== undefined && out[rules.softDelete] === undefined) out[rules.softDelete] = null;
    return out;
  };
  /**
   * Runs `attempt`, a write of the record `id` within `where`, under the version rules: with a version field, the
   * write is conditional on the version read (or the one `If-Match` names) and stamps the next one, retried when a
   * concurrent write got there first (412 instead when `If-Match` was given); without one, `If-Match` other than `*`
   * is a 412 (no version can match).
   */
  async function conditional(
    repository: Repository<TRecord>,
    id: RecordId,
    where: ScopeOptions<TRecord> | undefined,
    match: VersionMatch | undefined,
    attempt: (options: ScopeOptions<TRecord> | undefined, stamp: Row, current: Row | undefined) => Promise<TRecord>,
    known?: Row,
  ): Promise<TRecord> {
    const field = rules.version;
    if (field === undefined) {
      if (match !== undefined && !('any' in match)) throw preconditionFailed();
      return attempt(where, {}, known);
    }
    const only = match !== undefined && 'versions' in match && match.versions.length === 1 && known === undefined;
    for (let tries = 0; ; tries++) {
      const current = only ? undefined : (known ?? ((await repository.get(id, where)) as Row));
      known = undefined;
      const version = current === undefined ? (match as { versions: readonly number[] }).versions[0] : current[field];
      if (match !== undefined && !versionMatches(match, version)) throw preconditionFailed();
      const guarded = { scope: andWhere(where?.scope, { [field]: version } as never) };
      try {
        return await attempt(guarded, { [field]: (version as number) + 1 }, current);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
        // Missing, or changed since it was read: a missing record stays a 404; a changed one is a 412 with If-Match,
        // else written again over the new version.
        await repository.get(id, where);
        if (match !== undefined) throw preconditionFailed();
        if (tries >= MAX_WRITE_TRIES)
          throw new HttpError(409, 'the record kept changing while it was written; try again');
      }
    }
  }

  const batches = createBatchWrites({
    resource: generic,
    repository: repository as Repository<unknown>,
    rules,
    databaseDefaults,
    transactional: options.transaction === true,
    write: write as never,
    contextOf: lazyContext as never,
    chain: chain as never,
    notify: notify as never,
    scopeFor: scopeFor as never,
    within: within as never,
    stampNew,
    stamped,
    hide: hide.record as (record: unknown) => unknown,
    recordIdOf: recordIdOf as never,
  });

  const service = Object.freeze({
    resource,
    hooks,
    createMany: (items, options) => batches.createMany(items, options) as Promise<TRecord[]>,
    updateMany: (items, options) => batches.updateMany(items, options) as Promise<TRecord[]>,
    deleteMany: (ids, options) => batches.deleteMany(ids, options) as Promise<TRecord[]>,
    ...(Array.isArray(repository.databaseDefaults)
      ? { databaseDefaults: Object.freeze([...(repository.databaseDefaults as readonly string[])]) }
      : {}),
    list(query, options = {}) {
      const context = lazyContext(options, { query });
      return guarded('onAfterErrorList', context, async () => {
        // The hot read: a step with nothing to run (no handler, no scope) is skipped rather than awaited.
        const given: ListInput<TRecord> | undefined =
          hooks.handlers('onBeforeList').length === 0 ? query : await chain('onBeforeList', context, 'query', query);
        const { input, mode } = deletedOf(given);
        refuseHiddenSelect(generic, input);
        const scope = scopeOf === undefined ? undefined : await scopeFor('list', context);
        // With a selection the items hold fewer fields: the hooks and the hidden filter see them as they are. Embedded
        // relations are in the items before the after-hooks run: `onAfterList` sees (and may change) them.
        const result = (
          hasRelations
            ? await readWithRelations(binder, {
                input,
                scope: within(scope, mode)?.scope,
                context,
                read: (query, bound) => repository.list(query, bound),
              })
            : await repository.list(input, within(scope, mode))
        ) as PageResult<TRecord>;
        return hide.page(
          hooks.handlers('onAfterList').length === 0 ? result : await chain('onAfterList', context, 'result', result),
        );
      });
    },
    listByCursor(query, options = {}) {
      const context = lazyContext(options, { query });
      return guarded('onAfterErrorListByCursor', context, async () => {
        const given: CursorInput<TRecord> | undefined = await chain('onBeforeListByCursor', context, 'query', query);
        const { input, mode } = deletedOf(given);
        // A cursor carries the sort values of the page's last record: ordering by a hidden field would hand them out.
        refuseHiddenOrder(generic, input);
        refuseHiddenSelect(generic, input);
        const scope = await scopeFor('listByCursor', context);
        const result = hasRelations
          ? await readWithRelations(binder, {
              input,
              scope: within(scope, mode)?.scope,
              context,
              read: (query, bound) => repository.listByCursor(query, bound),
            })
          : await repository.listByCursor(input, within(scope, mode));
        return hide.cursorPage(await chain('onAfterListByCursor', context, 'result', result));
      });
    },
    create(body, options = {}) {
      const context = lazyContext(options, { body });
      return written('onAfterErrorCreate', context, async (repository, context) => {
        const checked = checkBody(generic, body, 'create');
        refuseReservedId(generic, checked);
        const data = await chain('onBeforeCreate', context, 'body', checked);
        const scope = await scopeFor('create', context);
        const record = validateWrite(generic, stampNew(scope ? scope.stamp(data) : data), checked, {
          mode: 'create',
          databaseDefaults,
        });
        scope?.assertWithin(record);
        const entity = await repository.create(record as CreateInput<TRecord>);
        return hide.record(await chain('onAfterCreate', context, 'entity', entity));
      });
    },
    get(given, options = {}) {
      const key = recordIdOf(given);
      const context = lazyContext(options, { id: key ?? given });
      return guarded('onAfterErrorGet', context, async () => {
        const id = existing(key, given);
        const embeds = options.include !== undefined || options.counts !== undefined;
        const include = embeds ? relationNamesOf(options.include, binder.relations, 'include') : [];
        const counts = embeds ? relationNamesOf(options.counts, binder.relations, 'counts') : [];
        await notify('onBeforeGet', context, 'id', id);
        const scope = await scopeFor('get', context);
        let entity = await repository.get(id, within(scope, options.deleted));
        if (include.length > 0 || counts.length > 0) {
          const call = binder.forCall(context as () => OperationContext<unknown, unknown>);
          entity = (await call.embed([entity], include, counts))[0] as Awaited<TRecord>;
        }
        return hide.record(await chain('onAfterGet', context, 'entity', entity));
      });
    },
    update(given, patch, options = {}) {
      const key = recordIdOf(given);
      const context = lazyContext(options, { id: key ?? given, patch });
      return writtenById('onAfterErrorUpdate', context, key, given, async (repository, context, id) => {
        const checked = checkBody(generic, patch, 'update', id);
        const changes = await chain('onBeforeUpdate', context, 'patch', checked);
        const scope = await scopeFor('update', context);
        const valid = validateWrite(generic, changes, checked, { mode: 'update', id });
        const where = within(scope);
        // A patch that names a field the scope reads could move the record out of it: check the merged record.
        let known: Row | undefined;
        if (scope?.reads(valid)) {
          known = (await repository.get(id, where)) as Row;
          scope.assertWithin({ ...known, ...valid });
        }
        const entity = await conditional(
          repository,
          id,
          where,
          readIfMatch(options.ifMatch),
          (bound, stamp) => repository.update(id, stamped(valid, stamp, 'update', id) as Patch<TRecord>, bound),
          known,
        );
        return hide.record(await chain('onAfterUpdate', context, 'entity', entity));
      });
    },
    replace(given, body, options = {}) {
      const key = recordIdOf(given);
      const context = lazyContext(options, { id: key ?? given, body });
      return writtenById('onAfterErrorReplace', context, key, given, async (repository, context, id) => {
        const checked = checkBody(generic, body, 'replace', id);
        const data = { ...(await chain('onBeforeReplace', context, 'body', checked)) };
        const scope = await scopeFor('replace', context);
        // Read-only and hidden fields are the server's: clients cannot send them, so they keep their stored values
        // unless a before-hook set them.
        const kept = protectedFields.filter((field) => (data as Row)[field] === undefined);
        const where = within(scope);
        let known: Row | undefined;
        if (scope !== undefined || kept.length > 0) known = (await repository.get(id, where)) as Row;
        /** The record to store over `current` (its kept fields), checked. */
        const recordOver = (current: Row | undefined): Row => {
          const merged = { ...(data as Row) };
          if (current !== undefined)
            for (const field of kept) if (current[field] !== undefined) merged[field] = current[field];
          const record = validateWrite(generic, scope ? scope.stamp(merged) : merged, checked, {
            mode: 'replace',
            id,
            databaseDefaults,
          });
          scope?.assertWithin(record);
          return record as Row;
        };
        const first = recordOver(known);
        const entity = await conditional(
          repository,
          id,
          where,
          readIfMatch(options.ifMatch),
          (bound, stamp, current) =>
            repository.replace(
              id,
              stamped(current === known ? first : recordOver(current), stamp, 'replace', id) as CreateInput<TRecord>,
              bound,
            ),
          known,
        );
        return hide.record(await chain('onAfterReplace', context, 'entity', entity));
      });
    },
    delete(given, options = {}) {
      const key = recordIdOf(given);
      const context = lazyContext(options, { id: key ?? given });
      return writtenById('onAfterErrorDelete', context, key, given, async (repository, context, id) => {
        await notify('onBeforeDelete', context, 'id', id);
        const scope = await scopeFor('delete', context);
        const match = readIfMatch(options.ifMatch);
        const soft = rules.softDelete;
        const entity =
          soft === undefined || options.permanent === true
            ? // A permanent delete also removes a record that is already soft-deleted.
              await conditional(repository, id, within(scope, 'all'), match, (bound) => repository.delete(id, bound))
            : await conditional(repository, id, within(scope), match, (bound, stamp) =>
                repository.update(id, { [soft]: new Date(), ...stamp } as Patch<TRecord>, bound),
              );
        return hide.record(await chain('onAfterDelete', context, 'entity', entity));
      });
    },
    restore(given, options = {}) {
      const key = recordIdOf(given);
      const context = lazyContext(options, { id: key ?? given });
      return writtenById('onAfterErrorRestore', context, key, given, async (repository, context, id) => {
        const soft = rules.softDelete;
        if (soft === undefined) throw new HttpError(400, `${JSON.stringify(generic.name)} has no soft delete`);
        await notify('onBeforeRestore', context, 'id', id);
        const scope = await scopeFor('restore', context);
        const match = readIfMatch(options.ifMatch);
        const all = within(scope, 'all');
        const current = (await repository.get(id, all)) as Row;
        let entity: TRecord;
        if (current[soft] == null) {
          // Not deleted: answered as it is (If-Match still has to match).
          if (match !== undefined && rules.version !== undefined && !versionMatches(match, current[rules.version]))
            throw preconditionFailed();
          if (match !== undefined && rules.version === undefined && !('any' in match)) throw preconditionFailed();
          entity = current as TRecord;
        } else {
          const deleted = { scope: andWhere(all?.scope, { [soft]: { notnull: true } } as never) };
          entity = await conditional(
            repository,
            id,
            deleted,
            match,
            (bound, stamp) => repository.update(id, { [soft]: null, ...stamp } as Patch<TRecord>, bound),
            current,
          );
        }
        return hide.record(await chain('onAfterRestore', context, 'entity', entity));
      });
    },
  } satisfies ResourceService<TRecord, TLocals>);
  registerService(service, {
    resource: generic,
    repository: repository as Repository<unknown>,
    scope: scopeOf as ScopeFunction<unknown, unknown> | undefined,
    hide: hide.record as (record: unknown) => unknown,
    visible: (scope) => rules.visible(scope),
  });
  return service;
}
