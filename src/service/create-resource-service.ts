import { isSafeCorrelationId, resolveCorrelationId } from '../errors/index';
import { createHookBus, type HookBus } from '../hooks/index';
import { normalizeHeaders } from '../internal/index';
import type { PageResult } from '../pagination/index';
import type { CursorInput, CursorPage, ListInput, Where } from '../query/index';
import {
  type RecordId,
  type RecordIdOf,
  type Resource,
  checkBody,
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

/** Per-call options of `get`: the operation's options and the relations to embed in the record. */
export interface GetOptions<TLocals = DefaultLocals> extends OperationOptions<TLocals>, RelationsInput {}

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
    query?: ListInput<TRecord> & RelationsInput & { readonly select?: TSelect | undefined },
    options?: OperationOptions<TLocals>,
  ): Promise<PageResult<ListItem<TRecord, TSelect>>>;
  /**
   * The records after the query's cursor (within the scope) and the next cursor; `select` trims the items as for
   * `list`, but the result stays typed `CursorPage<TRecord>` (see `Repository.listByCursor`).
   */
  listByCursor(
    query?: CursorInput<TRecord> & RelationsInput,
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
  update(id: RecordIdOf<TRecord> | string, patch: unknown, options?: OperationOptions<TLocals>): Promise<TRecord>;
  /** Replaces the record (HTTP PUT); read-only and hidden fields keep their stored values unless a hook sets them. */
  replace(id: RecordIdOf<TRecord> | string, body: unknown, options?: OperationOptions<TLocals>): Promise<TRecord>;
  delete(id: RecordIdOf<TRecord> | string, options?: OperationOptions<TLocals>): Promise<TRecord>;
}

type Row = Record<string, unknown>;
type Events<TRecord, TLocals> = ResourceHooks<TRecord, TLocals>;
type Handler = (context: object) => unknown;

const NO_LOCALS: DefaultLocals = Object.freeze({});

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

  const within = (scope: ScopeCheck<TRecord> | undefined): ScopeOptions<TRecord> | undefined =>
    scope === undefined ? undefined : { scope: scope.where };

  const service = Object.freeze({
    resource,
    hooks,
    ...(Array.isArray(repository.databaseDefaults)
      ? { databaseDefaults: Object.freeze([...(repository.databaseDefaults as readonly string[])]) }
      : {}),
    list(query, options = {}) {
      const context = lazyContext(options, { query });
      return guarded('onAfterErrorList', context, async () => {
        // The hot read: a step with nothing to run (no handler, no scope) is skipped rather than awaited.
        const input: ListInput<TRecord> | undefined =
          hooks.handlers('onBeforeList').length === 0 ? query : await chain('onBeforeList', context, 'query', query);
        refuseHiddenSelect(generic, input);
        const scope = scopeOf === undefined ? undefined : await scopeFor('list', context);
        // With a selection the items hold fewer fields: the hooks and the hidden filter see them as they are. Embedded
        // relations are in the items before the after-hooks run: `onAfterList` sees (and may change) them.
        const result = (
          hasRelations
            ? await readWithRelations(binder, {
                input,
                scope: scope?.where,
                context,
                read: (query, bound) => repository.list(query, bound),
              })
            : await repository.list(input, within(scope))
        ) as PageResult<TRecord>;
        return hide.page(
          hooks.handlers('onAfterList').length === 0 ? result : await chain('onAfterList', context, 'result', result),
        );
      });
    },
    listByCursor(query, options = {}) {
      const context = lazyContext(options, { query });
      return guarded('onAfterErrorListByCursor', context, async () => {
        const input: CursorInput<TRecord> | undefined = await chain('onBeforeListByCursor', context, 'query', query);
        // A cursor carries the sort values of the page's last record: ordering by a hidden field would hand them out.
        refuseHiddenOrder(generic, input);
        refuseHiddenSelect(generic, input);
        const scope = await scopeFor('listByCursor', context);
        const result = hasRelations
          ? await readWithRelations(binder, {
              input,
              scope: scope?.where,
              context,
              read: (query, bound) => repository.listByCursor(query, bound),
            })
          : await repository.listByCursor(input, within(scope));
        return hide.cursorPage(await chain('onAfterListByCursor', context, 'result', result));
      });
    },
    create(body, options = {}) {
      const context = lazyContext(options, { body });
      return written('onAfterErrorCreate', context, async (repository, context) => {
        const checked = checkBody(generic, body, 'create');
        const data = await chain('onBeforeCreate', context, 'body', checked);
        const scope = await scopeFor('create', context);
        const record = validateWrite(generic, scope ? scope.stamp(data) : data, checked, {
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
        let entity = await repository.get(id, within(scope));
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
        // A patch that names a field the scope reads could move the record out of it: check the merged record.
        if (scope?.reads(valid)) {
          const current = await repository.get(id, within(scope));
          scope.assertWithin({ ...(current as Row), ...valid });
        }
        const entity = await repository.update(id, valid as Patch<TRecord>, within(scope));
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
        if (scope !== undefined || kept.length > 0) {
          const current = (await repository.get(id, within(scope))) as Row;
          for (const field of kept) if (current[field] !== undefined) (data as Row)[field] = current[field];
        }
        const record = validateWrite(generic, scope ? scope.stamp(data) : data, checked, {
          mode: 'replace',
          id,
          databaseDefaults,
        });
        scope?.assertWithin(record);
        const entity = await repository.replace(id, record as CreateInput<TRecord>, within(scope));
        return hide.record(await chain('onAfterReplace', context, 'entity', entity));
      });
    },
    delete(given, options = {}) {
      const key = recordIdOf(given);
      const context = lazyContext(options, { id: key ?? given });
      return writtenById('onAfterErrorDelete', context, key, given, async (repository, context, id) => {
        await notify('onBeforeDelete', context, 'id', id);
        const scope = await scopeFor('delete', context);
        const entity = await repository.delete(id, within(scope));
        return hide.record(await chain('onAfterDelete', context, 'entity', entity));
      });
    },
  } satisfies ResourceService<TRecord, TLocals>);
  registerService(service, {
    resource: generic,
    repository: repository as Repository<unknown>,
    scope: scopeOf as ScopeFunction<unknown, unknown> | undefined,
    hide: hide.record as (record: unknown) => unknown,
  });
  return service;
}
