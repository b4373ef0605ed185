import { describe, expect, it } from 'vitest';
import type { ContractContext } from './contract-context';
import { idsOf } from './ids-of';
import { except } from './seed';
import { rejectionOf, transactionRules } from './transaction-rules';
import { transactionJoinContract } from './transaction-join-contract';

/**
 * The transaction rules, run when the repository has `transaction(work)` and skipped (with that reason) when it has
 * none: commit on resolve, a full rollback of creates, updates, replaces and deletes on a throw with the error
 * rethrown unchanged, and (in {@link transactionJoinContract}) joined repositories, outside readers and concurrency.
 */
export function transactionContract(context: ContractContext): void {
  const { body, STORED, rows } = context;
  const { open, all, writeAll } = transactionRules(context);

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

    it.for(
      rows([
        { name: 'an Error', make: (): unknown => new Error('work failed') },
        { name: 'a string', make: (): unknown => 'work failed' },
        { name: 'an object', make: (): unknown => ({ reason: 'work failed' }) },
      ]),
    )('undoes every create, update, replace and delete and rethrows $name unchanged', async ({ make }, ctx) => {
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

    transactionJoinContract(context);
  });
}
