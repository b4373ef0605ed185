import { isSafeCorrelationId, resolveCorrelationId } from '../errors/index';
import { createHookBus, type HookBus } from '../hooks/index';
import { normalizeHeaders } from '../internal/normalize-headers';
import type { PageResult } from '../pagination/page-result';
import type { CursorInput, CursorPage, ListInput } from '../query/types';
import type { Resource } from '../resource/define-resource';
import { validateRecord } from '../resource/validate-record';
import type { CreateInput, Patch, Repository } from '../repository/repository';
import type { OperationContext, ResourceHooks } from './contexts';

/** Per-call options of a service operation. */
export interface OperationOptions {
  /** The incoming request's headers (Node header object, Fetch `Headers` or a plain record). */
  readonly headers?: unknown;
  /**
   * The correlation id the caller already resolved for this request (for example by a middleware that also set
   * the response header); used when it is a safe token, else resolved from `headers`.
   */
  readonly correlationId?: string;
}

/** Options of {@link createResourceService}. */
export interface ResourceServiceOptions<TRecord> {
  readonly resource: Resource<TRecord>;
  readonly repository: Repository<TRecord>;
  /** The hook bus to run; a new, empty one by default (reachable as `service.hooks`). */
  readonly hooks?: HookBus<ResourceHooks<TRecord>>;
}

/** The route operations of one resource: repository call, then hooks, with correlation ids resolved. */
export interface ResourceService<TRecord> {
  readonly resource: Resource<TRecord>;
  readonly hooks: HookBus<ResourceHooks<TRecord>>;
  list(query?: ListInput<TRecord>, options?: OperationOptions): Promise<PageResult<TRecord>>;
  listByCursor(query?: CursorInput<TRecord>, options?: OperationOptions): Promise<CursorPage<TRecord>>;
  create(body: unknown, options?: OperationOptions): Promise<TRecord>;
  get(id: string, options?: OperationOptions): Promise<TRecord>;
  update(id: string, patch: unknown, options?: OperationOptions): Promise<TRecord>;
  delete(id: string, options?: OperationOptions): Promise<TRecord>;
}

type Events<TRecord> = ResourceHooks<TRecord>;
type SuccessEvent =
  'onAfterCreate' | 'onAfterList' | 'onAfterListByCursor' | 'onAfterGet' | 'onAfterUpdate' | 'onAfterDelete';
type ErrorEvent = `onAfterError${SuccessEvent extends `onAfter${infer Op}` ? Op : never}`;

/**
 * Wires a resource, a repository and a hook bus into the route operations. Each operation validates its input,
 * calls the repository, then runs the `onAfter<Op>` handlers (each may replace the result); on any failure it
 * runs every `onAfterError<Op>` handler and rethrows the original error.
 *
 * @example
 * const service = createResourceService({ resource: users, repository: createMemoryRepository(users) });
 * service.hooks.on('onAfterCreate', ({ entity, correlationId }) => audit.push({ id: entity.id, correlationId }));
 * await service.create({ username: 'ada' }, { headers: req.headers });
 */
export function createResourceService<TRecord>(options: ResourceServiceOptions<TRecord>): ResourceService<TRecord> {
  const { resource, repository } = options;
  const hooks = options.hooks ?? createHookBus<Events<TRecord>>();

  /**
   * The context of one call, built only when a handler will read it: `headers` are read from the options at call
   * time, normalised (and the correlation id resolved) on first use, once per call.
   */
  const lazyContext = <TExtra extends object>(options: OperationOptions, extra: TExtra) => {
    const { headers, correlationId } = options;
    let built: (OperationContext<TRecord> & TExtra) | undefined;
    return (): OperationContext<TRecord> & TExtra => {
      if (built === undefined) {
        const normalized = normalizeHeaders(headers);
        const id = isSafeCorrelationId(correlationId) ? correlationId : resolveCorrelationId(normalized);
        built = { resource, headers: normalized, correlationId: id, ...extra };
      }
      return built;
    };
  };

  async function perform<TResult>(
    event: SuccessEvent,
    contextOf: () => OperationContext<TRecord>,
    work: () => Promise<TResult>,
    withResult: (result: TResult) => object,
  ): Promise<TResult> {
    try {
      let result: TResult = await work();
      const handlers = hooks.handlers(event);
      // No handler: nothing reads the context, so none is built (the common case on a hot list route).
      for (let i = 0; i < handlers.length; i++) {
        const handler = handlers[i] as (context: object) => unknown;
        const replacement = await handler(Object.freeze({ ...contextOf(), ...withResult(result) }));
        if (replacement !== undefined) result = replacement as TResult;
      }
      return result;
    } catch (error) {
      const errorEvent = ERROR_EVENTS[event];
      if (hooks.handlers(errorEvent).length > 0) {
        await hooks.emitSettled(errorEvent, Object.freeze(contextOf()) as never, error as never);
      }
      throw error;
    }
  }

  return Object.freeze({
    resource,
    hooks,
    list(query, options = {}) {
      return perform(
        'onAfterList',
        lazyContext(options, { query }),
        () => repository.list(query),
        (result) => ({ result }),
      );
    },
    listByCursor(query, options = {}) {
      return perform(
        'onAfterListByCursor',
        lazyContext(options, { query }),
        () => repository.listByCursor(query),
        (result) => ({ result }),
      );
    },
    create(body, options = {}) {
      const work = async () => repository.create(validateRecord(resource, body, 'create') as CreateInput<TRecord>);
      return perform('onAfterCreate', lazyContext(options, { body }), work, (entity) => ({ entity }));
    },
    get(id, options = {}) {
      return perform(
        'onAfterGet',
        lazyContext(options, { id }),
        () => repository.get(id),
        (entity) => ({ entity }),
      );
    },
    update(id, patch, options = {}) {
      const work = async () => repository.update(id, validateRecord(resource, patch, 'patch', id) as Patch<TRecord>);
      return perform('onAfterUpdate', lazyContext(options, { id, patch: patch as Patch<TRecord> }), work, (entity) => ({
        entity,
      }));
    },
    delete(id, options = {}) {
      return perform(
        'onAfterDelete',
        lazyContext(options, { id }),
        () => repository.delete(id),
        (entity) => ({ entity }),
      );
    },
  } satisfies ResourceService<TRecord>);
}

/** The error event of each success event. */
const ERROR_EVENTS: { readonly [K in SuccessEvent]: ErrorEvent } = {
  onAfterCreate: 'onAfterErrorCreate',
  onAfterList: 'onAfterErrorList',
  onAfterListByCursor: 'onAfterErrorListByCursor',
  onAfterGet: 'onAfterErrorGet',
  onAfterUpdate: 'onAfterErrorUpdate',
  onAfterDelete: 'onAfterErrorDelete',
};
