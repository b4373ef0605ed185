import { AsyncLocalStorage } from 'node:async_hooks';
import { isSafeCorrelationId } from 'pagelope/http';

/** What pagelope knows of the request whose asynchronous work is running: its correlation id. */
export interface RequestContext {
  /** The id the response carries in `x-correlation-id` (and the error envelope in `correlationID`). */
  readonly correlationId: string;
}

/**
 * The one store of every copy of this module: the ESM and CJS builds of the package, and two installed copies of it,
 * each load this file once, so the store is kept on `globalThis` under a registered symbol (versioned, should its
 * shape ever change) and the first copy loaded makes it.
 */
const KEY = Symbol.for('pagelope.requestContext.v1');
const slot = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> };
const storage = (slot[KEY] ??= new AsyncLocalStorage<RequestContext>());

/**
 * Runs `fn` inside a request context, so that {@link currentCorrelationId} returns its id anywhere in the work `fn`
 * starts (promises, timers, callbacks), and returns what `fn` returns. Each adapter runs a request's handlers through
 * it; call it yourself for a server pagelope does not adapt, or for a queue job that should log under the id of the
 * request that enqueued it. Inside a context of the same id, `fn` simply runs.
 *
 * @throws TypeError for a context whose `correlationId` is not a safe token (`isSafeCorrelationId`).
 * @example
 * await runInRequestContext({ correlationId: job.correlationId }, () => processJob(job));
 */
export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  const { correlationId } = context;
  if (!isSafeCorrelationId(correlationId))
    throw new TypeError(
      'runInRequestContext: correlationId is not a safe correlation id (1 to 128 of [A-Za-z0-9._:-])',
    );
  if (storage.getStore()?.correlationId === correlationId) return fn();
  return storage.run(Object.isFrozen(context) ? context : Object.freeze({ correlationId }), fn);
}

/** The context of the request whose asynchronous work is running, or `undefined` outside a request. Never throws. */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * Returns the correlation id of the request whose asynchronous work is running (a hook, a repository, your own code
 * called from a route), or `undefined` outside a request. Never throws.
 *
 * @example
 * repository.onSlowQuery = (sql) => console.warn({ correlationId: currentCorrelationId(), sql });
 */
export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}
