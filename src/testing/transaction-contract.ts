import type { Repository, Transaction } from 'pagelope';
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { tasks, type Item, type Task } from './fixtures';
import { idsOf } from './ids-of';
import { except } from './seed';

type Work<T> = (tx: Transaction) => Promise<T>;
type Transactional = Repository<Item> & { transaction<T>(work: Work<T>): Promise<T> };
interface SkipContext {
  skip(note: string): never;
}

const NO_TRANSACTION = 'the repository has no transaction(work): the transaction rules do not apply';
/** Concurrent transactions of the concurrency rule. */
const CONCURRENT = 12;

/** The error of a promise that must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the transaction to reject'),
    (error: unknown) => error,
  );
}

/**
 * The transaction rules, run when the repository has `transaction(work)` and skipped (with that reason) when it has
 * none: commit on resolve, a full rollback of creates, updates, replaces and deletes on a throw with the error
 * rethrown unchanged, a sibling repository of the same store joined through `tx.repository`, a TypeError for a
 * repository of another kind, and concurrent transactions that all land.
 */
export function transactionContract(context: ContractContext): void {
  const { seeded, fresh, body, STORED } = context;
  /** The seeded (or empty) repository of the test, or a skip when it has no transaction. */
  const open = async (ctx: SkipContext, seed = true): Promise<Transactional> => {
    const repository = await (seed ? seeded() : fresh());
    if (typeof repository.transaction !== 'function') ctx.skip(NO_TRANSACTION);
    return repository as Transactional;
  };
  const all = async (repository: Repository<Item>) => (await repository.list({ limit: 50 })).items;
  /** A sibling of tasks on the same store, or a skip when the options say there is none. */
  const siblingOf = async (ctx: SkipContext, repository: Repository<Item>): Promise<Repository<Task>> => {
    const sibling = await context.sibling(tasks, [], repository as Repository<unknown>);
    if (sibling === undefined) ctx.skip('the sibling option is false: no repository can join');
    return sibling;
  };
  /** Every write of the rules: a create, an update, a replace and a delete, through `repository`. */
  const writeAll = async (repository: Repository<Item>) => {
    await repository.create({ ...body({ name: 'Created' }), id: 'n1' });
    await repository.update('a1', { name: 'Updated', status: 'archived', age: 99 });
    await repository.replace('a2', body({ name: 'Replaced' }));
    await repository.delete('a3');
  };

  describe('transaction', () => {
    it('commits every write when work resolves, and resolves to its value', async (ctx) => {
      const repository = await open(ctx);
      expect(await repository.transaction(async (tx) => (await writeAll(tx.repository(repository)), 'value'))).toBe(
        'value',
      );
      expect(idsOf(await all(repository))).toStrictEqual([...except('a3'), 'n1']);
      expect((await repository.get('a1')).name).toBe('Updated');
      expect((await repository.get('a2')).name).toBe('Replaced');
    });

    it('sees its own writes inside work', async (ctx) => {
      const repository = await open(ctx);
      await repository.transaction(async (tx) => {
        const own = tx.repository(repository);
        await writeAll(own);
        expect((await own.get('n1')).name).toBe('Created');
        expect(idsOf(await all(own))).toStrictEqual([...except('a3'), 'n1']);
      });
    });

    it.for([
      { name: 'an Error', make: (): unknown => new Error('work failed') },
      { name: 'a string', make: (): unknown => 'work failed' },
      { name: 'an object', make: (): unknown => ({ reason: 'work failed' }) },
    ])('undoes every create, update, replace and delete and rethrows $name unchanged', async ({ make }, ctx) => {
      const repository = await open(ctx);
      const error = make();
      const run = repository.transaction(async (tx) => {
        await writeAll(tx.repository(repository));
        throw error;
      });
      expect(await rejectionOf(run)).toBe(error);
      expect(await all(repository)).toStrictEqual(STORED);
      expect(await rejectionOf(repository.get('n1'))).toMatchObject({ statusCode: 404 });
      expect(idsOf((await repository.list({ where: { status: { eq: 'archived' } }, limit: 50 })).items)).toStrictEqual(
        idsOf(STORED.filter((record) => record.status === 'archived')),
      );
    });

    it("rolls back on an operation's own error, rethrown unchanged", async (ctx) => {
      const repository = await open(ctx);
      let failure: unknown;
      const run = repository.transaction(async (tx) => {
        const own = tx.repository(repository);
        await own.create({ ...body(), id: 'n1' });
        await own.create({ ...body(), id: 'a1' }).catch((error: unknown) => {
          failure = error;
          throw error;
        });
      });
      const error = await rejectionOf(run);
      expect(error).toBe(failure);
      expect(error).toMatchObject({ statusCode: 409 });
      expect(await all(repository)).toStrictEqual(STORED);
    });

    it('joins a sibling repository of the same store: both commit', async (ctx) => {
      const repository = await open(ctx);
      const sibling = await siblingOf(ctx, repository);
      await repository.transaction(async (tx) => {
        await tx.repository(repository).delete('a1');
        await tx.repository(sibling).create({ title: 'joined', due: null } as Task);
      });
      expect(idsOf(await all(repository))).toStrictEqual(except('a1'));
      expect((await sibling.list()).items.map((task) => task.title)).toStrictEqual(['joined']);
    });

    it('rolls back the writes of both when work throws after writing to the sibling', async (ctx) => {
      const repository = await open(ctx);
      const sibling = await siblingOf(ctx, repository);
      const error = new Error('after both');
      const run = repository.transaction(async (tx) => {
        await writeAll(tx.repository(repository));
        await tx.repository(sibling).create({ title: 'joined', due: null } as Task);
        throw error;
      });
      expect(await rejectionOf(run)).toBe(error);
      expect(await all(repository)).toStrictEqual(STORED);
      expect((await sibling.list()).total).toBe(0);
    });

    it.for([
      { name: 'a plain object', other: (): unknown => ({}) },
      { name: 'a repository of no store', other: (): unknown => foreignRepository() },
    ])('throws a TypeError for $name, and rolls back', async ({ other }, ctx) => {
      const repository = await open(ctx);
      const run = repository.transaction(async (tx) => {
        await tx.repository(repository).delete('a1');
        tx.repository(other() as Repository<Item>);
      });
      expect(await rejectionOf(run)).toBeInstanceOf(TypeError);
      expect(await all(repository)).toStrictEqual(STORED);
    });

    it(`lands every record of ${CONCURRENT} concurrent transactions, and none of those that throw`, async (ctx) => {
      const repository = await open(ctx, false);
      const outcomes = await Promise.allSettled(
        Array.from({ length: CONCURRENT }, (_, i) =>
          repository.transaction(async (tx) => {
            await tx
              .repository(repository)
              .create({ ...body({ name: `c${i}` }), id: `c${String(i).padStart(2, '0')}` });
            if (i % 3 === 2) throw new Error(`transaction ${i} fails`);
          }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status)).toStrictEqual(
        Array.from({ length: CONCURRENT }, (_, i) => (i % 3 === 2 ? 'rejected' : 'fulfilled')),
      );
      const landed = Array.from({ length: CONCURRENT }, (_, i) => i).filter((i) => i % 3 !== 2);
      expect(idsOf(await all(repository))).toStrictEqual(landed.map((i) => `c${String(i).padStart(2, '0')}`));
    });
  });
}

/** A repository of no store: every method answers, but it belongs to nothing a transaction could join. */
function foreignRepository(): Repository<Item> {
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
