import type { Repository } from '../kit/index';
import { createBatchWrites } from './batch-writes';
import type { DefaultLocals, ScopeFunction } from './contexts';
import { registerService } from './relation-registry';
import type { ResourceService, ResourceServiceOptions } from './resource-service';
import { createServiceCore } from './service-core';
import { serviceGet, serviceList, serviceListByCursor } from './service-reads';
import { serviceDelete, serviceRestore } from './service-removals';
import { serviceCreate, serviceReplace, serviceUpdate } from './service-writes';

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
  const core = createServiceCore(options);
  const { resource, repository, generic, hooks, rules, hide } = core;
  const batches = createBatchWrites<TRecord, TLocals>({
    resource: generic,
    rules,
    databaseDefaults: core.databaseDefaults,
    transactional: options.transaction === true,
    write: core.write,
    contextOf: core.lazyContext,
    chain: core.chain,
    notify: core.notify,
    scopeFor: core.scopeFor,
    // Batch writes read the records they change: on the store of record.
    within: core.forWrite,
    references: core.references,
    stampNew: core.stampNew,
    stamped: core.stamped,
    hide: hide.record,
    recordIdOf: core.recordIdOf,
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
    list: (query, options = {}) => serviceList(core, query, options),
    listByCursor: (query, options = {}) => serviceListByCursor(core, query, options),
    create: (body, options = {}) => serviceCreate(core, body, options),
    get: (id, options = {}) => serviceGet(core, id, options),
    update: (id, patch, options = {}) => serviceUpdate(core, id, patch, options),
    replace: (id, body, options = {}) => serviceReplace(core, id, body, options),
    delete: (id, options = {}) => serviceDelete(core, id, options),
    restore: (id, options = {}) => serviceRestore(core, id, options),
  } satisfies ResourceService<TRecord, TLocals>);
  registerService(service, {
    resource: generic,
    repository: repository as Repository<unknown>,
    scope: core.scopeOf as ScopeFunction<unknown, unknown> | undefined,
    hide: hide.record as (record: unknown) => unknown,
    visible: (scope) => rules.visible(scope),
  });
  return service;
}
