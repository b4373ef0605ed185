import type { PageResult, TotalMode } from '../pagination/index';
import type { CursorInput, ListInput } from '../query/index';
import type { RecordIdOf } from '../resource/index';
import { refuseHiddenOrder } from './refuse-hidden-order';
import { refuseHiddenSelect } from './refuse-hidden-select';
import { readWithRelations } from './relation-binder';
import { relationNamesOf } from './relation-plan';
import type { GetOptions, OperationOptions, ResourceService } from './resource-service';
import type { ScopeCheck } from './scope-check';
import type { ServiceCore } from './service-core';

type ListQuery<TRecord, TLocals> = Parameters<ResourceService<TRecord, TLocals>['list']>[0];
/** The `deleted` mode of a listing, read off its input. */
type ListMode = 'include' | 'only' | undefined;
type CursorQuery<TRecord, TLocals> = Parameters<ResourceService<TRecord, TLocals>['listByCursor']>[0];

/**
 * The service's `list`: before-hooks, the scope, the repository (with relations), after-hooks, hidden fields out.
 * The hot read: a step with nothing to run (no handler, no scope) is skipped rather than awaited, and the steps are
 * chained on the repository's promise, not awaited in an `async` function, so that a list without hooks or scope
 * makes two promises of its own (each costs the promise hooks of a request context).
 */
export function serviceList<TRecord, TLocals>(
  core: ServiceCore<TRecord, TLocals>,
  query: ListQuery<TRecord, TLocals>,
  options: OperationOptions<TLocals>,
): Promise<PageResult<TRecord, never>> {
  const context = core.lazyContext(options, { query });
  // The steps are functions of this module, not closures made per call: a list makes no function of its own.
  return core.guarded('onAfterErrorList', context, () =>
    core.hooks.handlers('onBeforeList').length === 0
      ? listWithin(core, context, query)
      : core.chain('onBeforeList', context, 'query', query).then((given) => listWithin(core, context, given)),
  );
}

type ListContext<TRecord, TLocals> = Parameters<ServiceCore<TRecord, TLocals>['guarded']>[1];

/** The list's input checked and its scope read (when the service has one), then {@link readList}. */
function listWithin<TRecord, TLocals>(
  core: ServiceCore<TRecord, TLocals>,
  context: ListContext<TRecord, TLocals>,
  given: ListInput<TRecord> | undefined,
): Promise<PageResult<TRecord, never>> {
  const { input, mode } = core.deletedOf(given);
  refuseHiddenSelect(core.generic, input);
  return core.scopeOf === undefined
    ? readList(core, context, input, mode, undefined)
    : core.scopeFor('list', context).then((scope) => readList(core, context, input, mode, scope));
}

/**
 * The repository's page (with relations), then the after-hooks, then hidden fields out. With a selection the items
 * hold fewer fields: the hooks and the hidden filter see them as they are. Embedded relations are in the items before
 * the after-hooks run: `onAfterList` sees (and may change) them.
 */
function readList<TRecord, TLocals>(
  core: ServiceCore<TRecord, TLocals>,
  context: ListContext<TRecord, TLocals>,
  input: ListInput<TRecord> | undefined,
  mode: ListMode,
  scope: ScopeCheck<TRecord> | undefined,
): Promise<PageResult<TRecord, never>> {
  const { repository } = core;
  const reading = core.hasRelations
    ? readWithRelations(core.binder, {
        input,
        scope: core.within(scope, mode)?.scope,
        context,
        read: (query, bound) => repository.list(query, bound),
      })
    : repository.list(input, core.within(scope, mode));
  return Promise.resolve(reading).then((result) =>
    core.hooks.handlers('onAfterList').length === 0
      ? (core.hide.page(result) as PageResult<TRecord, never>)
      : core
          .chain('onAfterList', context, 'result', result as PageResult<TRecord, TotalMode>)
          .then((changed) => core.hide.page(changed) as PageResult<TRecord, never>),
  );
}

/** The service's `listByCursor`, as {@link serviceList}; ordering by a hidden field is refused. */
export function serviceListByCursor<TRecord, TLocals>(
  core: ServiceCore<TRecord, TLocals>,
  query: CursorQuery<TRecord, TLocals>,
  options: OperationOptions<TLocals>,
) {
  const { chain, binder, repository, generic, within } = core;
  const context = core.lazyContext(options, { query });
  return core.guarded('onAfterErrorListByCursor', context, async () => {
    const given: CursorInput<TRecord> | undefined = await chain('onBeforeListByCursor', context, 'query', query);
    const { input, mode } = core.deletedOf(given);
    // A cursor carries the sort values of the page's last record: ordering by a hidden field would hand them out.
    refuseHiddenOrder(generic, input);
    refuseHiddenSelect(generic, input);
    const scope = await core.scopeFor('listByCursor', context);
    const result = core.hasRelations
      ? await readWithRelations(binder, {
          input,
          scope: within(scope, mode)?.scope,
          context,
          read: (query, bound) => repository.listByCursor(query, bound),
        })
      : await repository.listByCursor(input, within(scope, mode));
    return core.hide.cursorPage(await chain('onAfterListByCursor', context, 'result', result));
  });
}

/** The service's `get`: the id checked first (404), then hooks, scope, repository, embeds and hidden fields out. */
export function serviceGet<TRecord, TLocals>(
  core: ServiceCore<TRecord, TLocals>,
  given: RecordIdOf<TRecord> | string,
  options: GetOptions<TLocals>,
): Promise<TRecord> {
  const { binder, repository } = core;
  const key = core.recordIdOf(given);
  const context = core.lazyContext(options, { id: key ?? given });
  return core.guarded('onAfterErrorGet', context, async () => {
    const id = core.existing(key, given);
    const embeds = options.include !== undefined || options.counts !== undefined;
    const include = embeds ? relationNamesOf(options.include, binder.relations, 'include') : [];
    const counts = embeds ? relationNamesOf(options.counts, binder.relations, 'counts') : [];
    await core.notify('onBeforeGet', context, 'id', id);
    const scope = await core.scopeFor('get', context);
    let entity = await repository.get(id, core.within(scope, options.deleted));
    if (include.length > 0 || counts.length > 0) {
      const call = binder.forCall(context);
      entity = (await call.embed([entity], include, counts))[0] as Awaited<TRecord>;
    }
    return core.hide.record(await core.chain('onAfterGet', context, 'entity', entity));
  });
}
