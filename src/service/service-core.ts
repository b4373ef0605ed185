import { createHookBus } from '../hooks/index';
import type { Where } from '../query/index';
import { notFoundError, toRecordId, type RecordId, type RecordIdOf, type Resource } from '../resource/index';
import type { Repository } from '../kit/index';
import type { OperationContext, ResourceHooks, ServiceOperation } from './contexts';
import { createScopeCheck, type ScopeCheck } from './scope-check';
import { createHiddenFilter } from './hidden-filter';
import { createWriteRunner } from './write-transaction';
import { retryWriteConflicts, type WriteAttempt } from './retry-write-conflicts';
import { createRelationBinder } from './relation-binder';
import { createReferenceCheck } from './reference-check';
import { createLifecycleCalls } from './lifecycle-calls';
import { createHookCalls } from './hook-calls';
import type { ResourceServiceOptions } from './resource-service';

type Events<TRecord, TLocals> = ResourceHooks<TRecord, TLocals>;
type Context<TRecord, TLocals> = () => OperationContext<TRecord, TLocals>;

/** The after-hooks of one attempt of a write: from their start on, a write conflict is not retried. */
export type AfterHooks<TRecord, TLocals> = <T>(
  event: keyof Events<TRecord, TLocals>,
  context: Context<TRecord, TLocals>,
  entity: T,
) => Promise<T>;

/**
 * What every operation of a resource service shares: the resource, repository and hook bus of its options, and the
 * steps built from them once (hook calls, the scope, the hidden filter, the write runner with its retries, the
 * relations, the lifecycle rules).
 *
 * Internal to the service module.
 *
 * @throws TypeError as `createResourceService` does (a transaction without `repository.transaction`, an unknown
 * relation).
 */
export function createServiceCore<TRecord, TLocals>(options: ResourceServiceOptions<TRecord, TLocals>) {
  const { resource, repository, scope: scopeOf } = options;
  const generic = resource as Resource;
  const hooks = options.hooks ?? createHookBus<Events<TRecord, TLocals>>();
  const write = createWriteRunner<TRecord, TLocals>(repository, options.transaction);
  const binder = createRelationBinder(generic, options.relations);
  const calls = createHookCalls<TRecord, TLocals>(hooks, resource);
  const { guarded, chain } = calls;
  type Ctx = Context<TRecord, TLocals>;

  const afterOf =
    (attempt: WriteAttempt): AfterHooks<TRecord, TLocals> =>
    (event, context, entity) => {
      attempt.afterHooks = true;
      return chain(event, context, 'entity', entity);
    };
  /** @throws HttpError 404, the one of an id that does not exist, for an id `toRecordId` refused. */
  const existing = (key: RecordId | undefined, id: unknown): RecordId => {
    if (key === undefined) throw notFoundError(generic, id);
    return key;
  };

  return {
    ...calls,
    ...createLifecycleCalls<TRecord>(generic, repository.databaseDefaults),
    resource,
    repository,
    generic,
    hooks,
    scopeOf,
    write,
    binder,
    hasRelations: binder.relations.size > 0,
    references: createReferenceCheck(binder),
    hide: createHiddenFilter<TRecord>(generic),
    // Fields the store fills when a created record has none: they may be absent from the record validated for create.
    databaseDefaults: repository.databaseDefaults,
    protectedFields: [...new Set([...generic.readOnly, ...generic.hidden])].filter(
      (field) => field !== generic.idField,
    ),
    existing,
    /** The id as the id field's schema parses it, or `undefined` for one no record can have (answered with a 404). */
    recordIdOf: (id: unknown) => toRecordId(generic, id) as RecordIdOf<TRecord> | undefined,
    /** The scope of this operation, validated, or undefined when the service has none or it returns none. */
    async scopeFor(operation: ServiceOperation, context: Ctx): Promise<ScopeCheck<TRecord> | undefined> {
      if (scopeOf === undefined) return undefined;
      const where = await scopeOf(Object.freeze({ ...context(), operation }));
      return where == null ? undefined : createScopeCheck(where as Where<TRecord>, generic);
    },
    /**
     * {@link guarded} around a write's steps, which get the repository and context of its transaction, if any; the
     * whole write runs again on a write conflict met before its after-hooks (`retryWriteConflicts`).
     */
    written<T>(
      errorEvent: keyof Events<TRecord, TLocals>,
      context: Ctx,
      work: (repository: Repository<TRecord>, context: Ctx, after: AfterHooks<TRecord, TLocals>) => Promise<T>,
    ): Promise<T> {
      return guarded(errorEvent, context, () =>
        retryWriteConflicts((attempt) =>
          write(context, (repository, bound) => work(repository, bound, afterOf(attempt))),
        ),
      );
    },
    /**
     * `written` for a write to the record with an id: an id `toRecordId` refused is the 404 of a missing id before
     * any transaction, hook or repository call.
     */
    writtenById<T>(
      errorEvent: keyof Events<TRecord, TLocals>,
      context: Ctx,
      key: RecordId | undefined,
      given: unknown,
      work: (
        repository: Repository<TRecord>,
        context: Ctx,
        id: RecordId,
        after: AfterHooks<TRecord, TLocals>,
      ) => Promise<T>,
    ): Promise<T> {
      return guarded(errorEvent, context, () => {
        const id = existing(key, given);
        return retryWriteConflicts((attempt) =>
          write(context, (repository, bound) => work(repository, bound, id, afterOf(attempt))),
        );
      });
    },
  };
}

/** The shared parts of a resource service ({@link createServiceCore}). */
export type ServiceCore<TRecord, TLocals> = ReturnType<typeof createServiceCore<TRecord, TLocals>>;
