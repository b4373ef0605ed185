import type { Repository, Transaction } from '../kit/index';
import type { DefaultLocals, OperationContext } from './contexts';

type Context<TRecord, TLocals> = () => OperationContext<TRecord, TLocals>;

/**
 * Runs the steps of one write operation (before-hooks, scope, repository calls, after-hooks): `work` gets the
 * repository to call and the context function its hooks read, both bound to a transaction when the service runs
 * writes in transactions.
 */
export type WriteRunner<TRecord, TLocals = DefaultLocals> = <T>(
  context: Context<TRecord, TLocals>,
  work: (repository: Repository<TRecord>, context: Context<TRecord, TLocals>) => Promise<T>,
) => Promise<T>;

/** The context of `context` with `transaction` added, built on first use like the context itself. */
function withTransaction<TRecord, TLocals>(
  context: Context<TRecord, TLocals>,
  transaction: Transaction,
): Context<TRecord, TLocals> {
  let built: OperationContext<TRecord, TLocals> | undefined;
  return () => (built ??= { ...context(), transaction });
}

/**
 * The write runner of a service: with `enabled`, each write runs in one `repository.transaction(work)`, through the
 * repository bound to it (`tx.repository(repository)`) and with `transaction` in its contexts, so a throw anywhere
 * in it rolls every write back before the error leaves; else `work` runs on the repository as it is.
 *
 * @throws TypeError when `enabled` and the repository has no `transaction` method.
 */
export function createWriteRunner<TRecord, TLocals>(
  repository: Repository<TRecord>,
  enabled: boolean | undefined,
): WriteRunner<TRecord, TLocals> {
  if (enabled !== true) return (context, work) => work(repository, context);
  if (typeof repository.transaction !== 'function') {
    throw new TypeError(
      'createResourceService: `transaction: true` needs a repository with transaction(work), such as the memory or ' +
        'PostgreSQL repository',
    );
  }
  return (context, work) =>
    repository.transaction!((tx) => work(tx.repository(repository), withTransaction(context, tx)));
}
