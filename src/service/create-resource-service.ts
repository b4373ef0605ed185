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

  const contextOf = ({ headers, correlationId }: OperationOptions): OperationContext<TRecord> => {
    const normalized = normalizeHeaders(headers);
    const id = isSafeCorrelationId(correlationId) ? correlationId : resolveCorrelationId(normalized);
    return { resource, headers: normalized, correlationId: id };
  };

  async function perform<TResult, TBase extends OperationContext<TRecord>>(
    event: SuccessEvent,
    base: TBase,
    work: () => Promise<TResult>,
    withResult: (result: TResult) => object,
  ): Promise<TResult> {
    try {
      let result: TResult = await work();
      for (const handler of hooks.handlers(event)) {
        const replacement = await (handler as (context: object) => unknown)(
          Object.freeze({ ...base, ...withResult(result) }),
        );
        if (replacement !== undefined) result = replacement as TResult;
      }
      return result;
    } catch (error) {
      const errorEvent = event.replace('onAfter', 'onAfterError') as ErrorEvent;
      await hooks.emitSettled(errorEvent, Object.freeze(base) as never, error as never);
      throw error;
    }
  }

  return Object.freeze({
    resource,
    hooks,
    list(query, options = {}) {
      const base = { ...contextOf(options), query };
      return perform(
        'onAfterList',
        base,
        () => repository.list(query),
        (result) => ({ result }),
      );
    },
    listByCursor(query, options = {}) {
      const base = { ...contextOf(options), query };
      return perform(
        'onAfterListByCursor',
        base,
        () => repository.listByCursor(query),
        (result) => ({ result }),
      );
    },
    create(body, options = {}) {
      const base = { ...contextOf(options), body };
      const work = async () => repository.create(validateRecord(resource, body, 'create') as CreateInput<TRecord>);
      return perform('onAfterCreate', base, work, (entity) => ({ entity }));
    },
    get(id, options = {}) {
      const base = { ...contextOf(options), id };
      return perform(
        'onAfterGet',
        base,
        () => repository.get(id),
        (entity) => ({ entity }),
      );
    },
    update(id, patch, options = {}) {
      const base = { ...contextOf(options), id, patch: patch as Patch<TRecord> };
      const work = async () => repository.update(id, validateRecord(resource, patch, 'patch', id) as Patch<TRecord>);
      return perform('onAfterUpdate', base, work, (entity) => ({ entity }));
    },
    delete(id, options = {}) {
      const base = { ...contextOf(options), id };
      return perform(
        'onAfterDelete',
        base,
        () => repository.delete(id),
        (entity) => ({ entity }),
      );
    },
  } satisfies ResourceService<TRecord>);
}
