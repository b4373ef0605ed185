import { HttpError } from '../errors/index';
import { createHookBus } from '../hooks/index';
import type { PageResult, TotalMode } from '../pagination/index';
import type { CursorInput, ListInput, Where } from '../query/index';
import {
  type RecordId,
  type RecordIdOf,
  type Resource,
  checkBody,
  notFoundError,
  toRecordId,
  validateWrite,
} from '../resource/index';
import type { CreateInput, Patch, Repository } from '../kit/index';
import { refuseHiddenOrder } from './refuse-hidden-order';
import { refuseHiddenSelect } from './refuse-hidden-select';
import type { DefaultLocals, OperationContext, ResourceHooks, ScopeFunction, ServiceOperation } from './contexts';
import { createScopeCheck, type ScopeCheck } from './scope-check';
import { createHiddenFilter } from './hidden-filter';
import { createWriteRunner } from './write-transaction';
import { retryWriteConflicts, type WriteAttempt } from './retry-write-conflicts';
import { createRelationBinder, readWithRelations } from './relation-binder';
import { relationNamesOf } from './relation-plan';
import { createReferenceCheck } from './reference-check';
import { registerService } from './relation-registry';
import { createBatchWrites } from './batch-writes';
import { refuseReservedId } from './reserved-ids';
import { createLifecycleCalls } from './lifecycle-calls';
import { createHookCalls } from './hook-calls';
import { andWhere, preconditionFailed, readIfMatch, versionMatches } from './lifecycle';
import type { ResourceService, ResourceServiceOptions } from './resource-service';

type Row = Record<string, unknown>;
type Events<TRecord, TLocals> = ResourceHooks<TRecord, TLocals>;

/**
 * Wires a resource, a repository and a hook bus into the route operations. Each operation runs, in this order: the
 * body checks of the resource's field policy (create, update, replace), the `onBefore<Op>` handlers (each may
 * replace the input, or throw to refuse), the request scope (stamped into created and replaced records, checked on
 * every write), final validation, the repository call, then the `onAfter<Op>` handlers (each may replace the
 * result). Hidden fields are removed from every result. On any failure it runs every `onAfterError<Op>` handler
 * and rethrows the original error. With `transaction: true`, everything from the before-hooks to the after-hooks of a
 * write runs in one transaction of the repository, rolled back when any step throws. A single write (create, update,
 * replace, delete, restore) that fails with a write conflict (`isWriteConflictError`: a deadlock or serialization
 * failure the repository met) before its after-hooks ran is run again from its before-hooks, in a new transaction,
 * up to 3 more times before that 503 goes out.
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
  const references = createReferenceCheck(binder);
  const protectedFields = [...new Set([...generic.readOnly, ...generic.hidden])].filter(
    (field) => field !== generic.idField,
  );

  const { lazyContext, guarded, chain, notify } = createHookCalls<TRecord, TLocals>(hooks, resource);
  type Context = () => OperationContext<TRecord, TLocals>;

  /** The after-hooks of one attempt of a write: from their start on, a write conflict is not retried. */
  type After = <T>(event: keyof Events<TRecord, TLocals>, context: Context, entity: T) => Promise<T>;
  const afterOf =
    (attempt: WriteAttempt): After =>
    (event, context, entity) => {
      attempt.afterHooks = true;
      return chain(event, context, 'entity', entity);
    };

  /**
   * {@link guarded} around a write's steps, which get the repository and context of its transaction, if any; the
   * whole write runs again on a write conflict met before its after-hooks (`retryWriteConflicts`).
   */
  function written<T>(
    errorEvent: keyof Events<TRecord, TLocals>,
    context: Context,
    work: (repository: Repository<TRecord>, context: Context, after: After) => Promise<T>,
  ) {
    return guarded(errorEvent, context, () =>
      retryWriteConflicts((attempt) =>
        write(context, (repository, bound) => work(repository, bound, afterOf(attempt))),
      ),
    );
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
    work: (repository: Repository<TRecord>, context: Context, id: RecordId, after: After) => Promise<T>,
  ) {
    return guarded(errorEvent, context, () => {
      const id = existing(key, given);
      return retryWriteConflicts((attempt) =>
        write(context, (repository, bound) => work(repository, bound, id, afterOf(attempt))),
      );
    });
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

  const { rules, within, forWrite, deletedOf, stamped, stampNew, conditional } = createLifecycleCalls<TRecord>(
    generic,
    databaseDefaults,
  );

  const batches = createBatchWrites<TRecord, TLocals>({
    resource: generic,
    rules,
    databaseDefaults,
    transactional: options.transaction === true,
    write,
    contextOf: lazyContext,
    chain,
    notify,
    scopeFor,
    // Batch writes read the records they change: on the store of record.
    within: forWrite,
    references,
    stampNew,
    stamped,
    hide: hide.record,
    recordIdOf,
  });

  const service = Object.freeze({
    resource,
    hooks,
    createMany: batches.createMany,
    updateMany: batches.updateMany,
    deleteMany: batches.deleteMany,
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
        ) as PageResult<TRecord, TotalMode>;
        return hide.page(
          hooks.handlers('onAfterList').length === 0 ? result : await chain('onAfterList', context, 'result', result),
        ) as PageResult<TRecord, never>;
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
      return written('onAfterErrorCreate', context, async (repository, context, after) => {
        const checked = checkBody(generic, body, 'create');
        refuseReservedId(generic, checked);
        const data = await chain('onBeforeCreate', context, 'body', checked);
        const scope = await scopeFor('create', context);
        const record = validateWrite(generic, stampNew(scope ? scope.stamp(data) : data), checked, {
          mode: 'create',
          databaseDefaults,
        });
        scope?.assertWithin(record);
        await references.assert({ record, given: checked }, context);
        const entity = await repository.create(record as CreateInput<TRecord>);
        return hide.record(await after('onAfterCreate', context, entity));
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
          const call = binder.forCall(context);
          entity = (await call.embed([entity], include, counts))[0] as Awaited<TRecord>;
        }
        return hide.record(await chain('onAfterGet', context, 'entity', entity));
      });
    },
    update(given, patch, options = {}) {
      const key = recordIdOf(given);
      const context = lazyContext(options, { id: key ?? given, patch });
      return writtenById('onAfterErrorUpdate', context, key, given, async (repository, context, id, after) => {
        const checked = checkBody(generic, patch, 'update', id);
        const changes = await chain('onBeforeUpdate', context, 'patch', checked);
        const scope = await scopeFor('update', context);
        const valid = validateWrite(generic, changes, checked, { mode: 'update', id });
        const where = forWrite(scope);
        // A patch that names a field the scope reads could move the record out of it: check the merged record.
        let known: Row | undefined;
        if (scope?.reads(valid)) {
          known = (await repository.get(id, where)) as Row;
          scope.assertWithin({ ...known, ...valid });
        }
        await references.assert({ record: valid, given: checked }, context);
        const entity = await conditional(
          repository,
          id,
          where,
          readIfMatch(options.ifMatch),
          (bound, stamp) => repository.update(id, stamped(valid, stamp, 'update', id) as Patch<TRecord>, bound),
          known,
        );
        return hide.record(await after('onAfterUpdate', context, entity));
      });
    },
    replace(given, body, options = {}) {
      const key = recordIdOf(given);
      const context = lazyContext(options, { id: key ?? given, body });
      return writtenById('onAfterErrorReplace', context, key, given, async (repository, context, id, after) => {
        const checked = checkBody(generic, body, 'replace', id);
        const data = { ...(await chain('onBeforeReplace', context, 'body', checked)) };
        const scope = await scopeFor('replace', context);
        // Read-only and hidden fields are the server's: clients cannot send them, so they keep their stored values
        // unless a before-hook set them.
        const kept = protectedFields.filter((field) => (data as Row)[field] === undefined);
        const where = forWrite(scope);
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
        await references.assert({ record: first, given: checked }, context);
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
        return hide.record(await after('onAfterReplace', context, entity));
      });
    },
    delete(given, options = {}) {
      const key = recordIdOf(given);
      const context = lazyContext(options, { id: key ?? given });
      return writtenById('onAfterErrorDelete', context, key, given, async (repository, context, id, after) => {
        await notify('onBeforeDelete', context, 'id', id);
        const scope = await scopeFor('delete', context);
        const match = readIfMatch(options.ifMatch);
        const soft = rules.softDelete;
        const entity =
          soft === undefined || options.permanent === true
            ? // A permanent delete also removes a record that is already soft-deleted.
              await conditional(repository, id, forWrite(scope, 'all'), match, (bound) => repository.delete(id, bound))
            : await conditional(repository, id, forWrite(scope), match, (bound, stamp) =>
                repository.update(id, { [soft]: new Date(), ...stamp } as Patch<TRecord>, bound),
              );
        return hide.record(await after('onAfterDelete', context, entity));
      });
    },
    restore(given, options = {}) {
      const key = recordIdOf(given);
      const context = lazyContext(options, { id: key ?? given });
      return writtenById('onAfterErrorRestore', context, key, given, async (repository, context, id, after) => {
        const soft = rules.softDelete;
        if (soft === undefined) throw new HttpError(400, `${JSON.stringify(generic.name)} has no soft delete`);
        await notify('onBeforeRestore', context, 'id', id);
        const scope = await scopeFor('restore', context);
        const match = readIfMatch(options.ifMatch);
        const all = forWrite(scope, 'all');
        const current = (await repository.get(id, all)) as Row;
        // Not deleted: answered as it is (If-Match still has to match).
        const live = (record: Row): TRecord => {
          if (match !== undefined && rules.version !== undefined && !versionMatches(match, record[rules.version]))
            throw preconditionFailed();
          if (match !== undefined && rules.version === undefined && !('any' in match)) throw preconditionFailed();
          return record as TRecord;
        };
        let entity: TRecord;
        if (current[soft] == null) entity = live(current);
        else {
          const deleted = { scope: andWhere(all?.scope, { [soft]: { notnull: true } } as never) };
          entity = await conditional(
            repository,
            id,
            deleted,
            match,
            (bound, stamp) => repository.update(id, { [soft]: null, ...stamp } as Patch<TRecord>, bound),
            current,
          ).catch(async (error: unknown) => {
            // Restored by a concurrent call since it was read: answered as a record that is not deleted, not a 404.
            if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
            const now = (await repository.get(id, all)) as Row;
            if (now[soft] != null) throw error;
            return live(now);
          });
        }
        return hide.record(await after('onAfterRestore', context, entity));
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
