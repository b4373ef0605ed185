import { isSafeCorrelationId, resolveCorrelationId } from '../errors/index';
import type { HookBus } from '../hooks/index';
import { normalizeHeaders } from '../internal/index';
import type { Resource } from '../resource/index';
import type { DefaultLocals, OperationContext, ResourceHooks } from './contexts';
import type { OperationOptions } from './resource-service';

type Events<TRecord, TLocals> = ResourceHooks<TRecord, TLocals>;
type Handler = (context: object) => unknown;
/** The bus's `emitSettled` for an operation's error event: every such handler takes the context and the error. */
type EmitError = (event: string, context: object, error: unknown) => Promise<void>;

const NO_LOCALS: DefaultLocals = Object.freeze({});

/**
 * The service's hook steps over one hook bus: the lazily built context of a call, a step guarded by the operation's
 * error handlers, a chain of handlers that may replace a value, and handlers that are only told.
 *
 * Internal to the service module.
 *
 * @example
 * const { lazyContext, chain } = createHookCalls<Book, DefaultLocals>(hooks, books);
 * const context = lazyContext({ headers }, {});
 * const body = await chain('onBeforeCreate', context, 'body', input);
 */
export function createHookCalls<TRecord, TLocals>(
  hooks: HookBus<Events<TRecord, TLocals>>,
  resource: Resource<TRecord>,
) {
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

  /** Runs the operation's error handlers with the context of a failed call, then rethrows its error. */
  async function failed(errorEvent: keyof Events<TRecord, TLocals>, context: Context, error: unknown): Promise<never> {
    if (hooks.handlers(errorEvent).length > 0) {
      await (hooks.emitSettled as EmitError).call(hooks, errorEvent, Object.freeze({ ...context() }), error);
    }
    throw error;
  }

  /**
   * Runs `work`; on failure (a throw, or the rejection of its promise) runs the operation's error handlers with the
   * context, then rethrows. Not an `async` function: on a hot read it adds one promise to `work`'s, not three.
   */
  function guarded<T>(errorEvent: keyof Events<TRecord, TLocals>, context: Context, work: () => Promise<T>) {
    let promise: Promise<T>;
    try {
      promise = work();
    } catch (error) {
      return failed(errorEvent, context, error);
    }
    return promise.then(undefined, (error: unknown) => failed(errorEvent, context, error));
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

  return { lazyContext, guarded, chain, notify };
}
