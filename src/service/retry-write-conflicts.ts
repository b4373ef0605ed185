import { isWriteConflictError } from '../kit/index';

/** How many more times the service runs a single write after a write conflict before its 503 goes out. */
const WRITE_CONFLICT_RETRIES = 3;

/** What one attempt of a write tells {@link retryWriteConflicts}: whether its after-hooks have started. */
export interface WriteAttempt {
  /** Set when the attempt's first `onAfter<Op>` handler is about to run: from then on, it is not run again. */
  afterHooks: boolean;
}

/** Waits a few milliseconds, more after each retry and jittered, so that two writers that collided drift apart. */
const pause = (retry: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 5 * 2 ** retry)));

/**
 * Runs `attempt`, a whole single write (its before-hooks, scope, repository calls and after-hooks, in a transaction
 * of its own when the service has them), again when it fails with a write conflict (`isWriteConflictError`: the
 * database aborted it for a concurrent write, a deadlock or a serialization failure), up to
 * {@link WRITE_CONFLICT_RETRIES} more times, but only while no after-hook of the attempt has run: an after-hook may
 * have done something outside the store (sent a mail) that must not happen twice. Any other error, the last
 * conflict, or a conflict once after-hooks ran, is thrown as it is.
 *
 * Internal to the service module.
 *
 * @example
 * const entity = await retryWriteConflicts(async (attempt) => {
 *   const stored = await repository.create(record);
 *   attempt.afterHooks = true;
 *   return chain('onAfterCreate', context, 'entity', stored);
 * });
 */
export async function retryWriteConflicts<T>(attempt: (state: WriteAttempt) => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry++) {
    const state: WriteAttempt = { afterHooks: false };
    try {
      return await attempt(state);
    } catch (error) {
      if (retry >= WRITE_CONFLICT_RETRIES || state.afterHooks || !isWriteConflictError(error)) throw error;
      await pause(retry);
    }
  }
}
