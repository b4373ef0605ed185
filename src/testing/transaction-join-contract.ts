import type { Repository } from 'pagelope';
import { expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import type { Item, Task } from './fixtures';
import { idsOf } from './ids-of';
import { except } from './seed';
import { foreignRepository, rejectionOf, transactionRules } from './transaction-rules';

/** Concurrent transactions of the concurrency rule. */
const CONCURRENT = 12;

/**
 * The transaction rules beyond one repository: a sibling repository of the same store joined through
 * `tx.repository` (committed and rolled back with it), a TypeError for a repository of another kind, outside readers
 * that never see a write rolled back later, and concurrent transactions that all land.
 */
export function transactionJoinContract(context: ContractContext): void {
  const { body, STORED, rows } = context;
  const { open, siblingOf, all, writeAll } = transactionRules(context);

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

  it.for(
    rows([
      { name: 'a plain object', other: (): unknown => ({}) },
      { name: 'a repository of no store', other: (): unknown => foreignRepository() },
    ]),
  )('throws a TypeError for $name, and rolls back', async ({ other }, ctx) => {
    const repository = await open(ctx);
    const run = repository.transaction(async (tx) => {
      await tx.repository(repository).delete('a1');
      tx.repository(other() as Repository<Item>);
    });
    expect(await rejectionOf(run)).toBeInstanceOf(TypeError);
    expect(await all(repository)).toStrictEqual(STORED);
  });

  it('never shows an outside reader a write that is rolled back', async (ctx) => {
    const repository = await open(ctx);
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const error = new Error('rolled back');
    const run = repository.transaction(async (tx) => {
      await writeAll(tx.repository(repository));
      written();
      await gate;
      throw error;
    });
    await wrote;
    // A store may answer these at once (from the committed state) or once the transaction has ended.
    const reads = Promise.all([all(repository), repository.get('a1'), rejectionOf(repository.get('n1'))]);
    await Promise.race([reads, new Promise((resolve) => setTimeout(resolve, 50))]);
    release();
    expect(await rejectionOf(run)).toBe(error);
    const [records, a1, missing] = await reads;
    expect(records).toStrictEqual(STORED);
    expect(a1).toStrictEqual(STORED[0]);
    expect(missing).toMatchObject({ statusCode: 404 });
  });

  it(`lands every record of ${CONCURRENT} concurrent transactions, and none of those that throw`, async (ctx) => {
    const repository = await open(ctx, false);
    const outcomes = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, (_, i) =>
        repository.transaction(async (tx) => {
          await tx.repository(repository).create({ ...body({ name: `c${i}` }), id: `c${String(i).padStart(2, '0')}` });
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
}
