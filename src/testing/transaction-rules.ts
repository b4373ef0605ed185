import type { Repository, Transaction } from 'pagelope';
import { expect } from 'vitest';
import type { ContractContext } from './contract-context';
import { tasks, type Item, type Task } from './fixtures';

type Work<T> = (tx: Transaction) => Promise<T>;
/** A repository of the contract's items that has `transaction`. */
type Transactional = Repository<Item> & { transaction<T>(work: Work<T>): Promise<T> };
/** What the transaction rules need of vitest's test context: `skip` with a note. */
interface SkipContext {
  skip(note: string): never;
}

const NO_TRANSACTION = 'the repository has no transaction(work): the transaction rules do not apply';

/** The error of a promise that must reject. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the transaction to reject'),
    (error: unknown) => error,
  );
}

/** What the transaction rules share: the repository of a test (or a skip), its sibling, its records, its writes. */
export interface TransactionRules {
  /** The seeded (or empty) repository of the test, or a skip when it has no transaction. */
  readonly open: (ctx: SkipContext, seed?: boolean) => Promise<Transactional>;
  /** A repository of tasks on the same store, or a skip when the options say there is none. */
  readonly siblingOf: (ctx: SkipContext, repository: Repository<Item>) => Promise<Repository<Task>>;
  /** Every record, in id order. */
  readonly all: (repository: Repository<Item>) => Promise<readonly Item[]>;
  /** A create (`n1`), an update (`a1`), a replace (`a2`) and a delete (`a3`), through `repository`. */
  readonly writeAll: (repository: Repository<Item>) => Promise<void>;
}

/** The helpers of the transaction rules for one contract context. */
export function transactionRules(context: ContractContext): TransactionRules {
  const { seeded, fresh, body } = context;
  return {
    open: async (ctx, seed = true) => {
      const repository = await (seed ? seeded() : fresh());
      if (typeof repository.transaction !== 'function') return ctx.skip(NO_TRANSACTION);
      return repository as Transactional;
    },
    siblingOf: async (ctx, repository) => {
      const sibling = await context.sibling(tasks, [], repository as Repository<unknown>);
      if (sibling === undefined) return ctx.skip('the sibling option is false: no repository can join');
      return sibling;
    },
    all: async (repository) => (await repository.list({ limit: 50 })).items,
    writeAll: async (repository) => {
      await repository.create({ ...body({ name: 'Created' }), id: 'n1' });
      await repository.update('a1', { name: 'Updated', status: 'archived', age: 99 });
      await repository.replace('a2', body({ name: 'Replaced' }));
      await repository.delete('a3');
    },
  };
}

/** A repository of no store: every method answers, but it belongs to nothing a transaction could join. */
export function foreignRepository(): Repository<Item> {
  const never = () => Promise.reject(new Error('the foreign repository was called'));
  return {
    create: never,
    get: never,
    update: never,
    replace: never,
    delete: never,
    list: never,
    listByCursor: never,
    transaction: never,
  } as unknown as Repository<Item>;
}
