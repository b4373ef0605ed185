import type { Repository } from 'pagelope';
import { describe, expect, it } from 'vitest';
import { batchChangeContract } from './batch-change-contract';
import { batchCreateContract } from './batch-create-contract';
import { listAll, openBatching, type Batching, type BatchSkipContext } from './open-batching';
import type { ContractContext } from './contract-context';
import { httpErrorOf } from './expect-bad-request';
import type { Item } from './fixtures';
import { idsOf } from './ids-of';
import { except } from './seed';
import { rejectionOf } from './transaction-rules';

/**
 * The rules of the batch writes, for a repository that has them (each skipped, with that reason, on one that has
 * not): `createMany`, `updateMany` and `deleteMany` do all or nothing, answer as the same single calls one after the
 * other would (results in input order; the 409, 404 or 400 of the first item that fails, then nothing changed), and,
 * on a repository with `transaction(work)`, join a transaction through `tx.repository`: they commit and roll back
 * with it, and a batch that fails inside it undoes only its own changes.
 */
export function batchContract(context: ContractContext): void {
  describe('batch writes', () => {
    batchCreateContract(context);
    batchChangeContract(context);

    describe('in a transaction', () => {
      const open = async (ctx: BatchSkipContext) => {
        const repository = await openBatching(context, ctx, 'createMany');
        if (typeof repository.transaction !== 'function') return ctx.skip('the repository has no transaction(work)');
        return repository as typeof repository & Required<Pick<Repository<Item>, 'transaction'>>;
      };
      const { body, STORED } = context;

      it('commits the batches of tx.repository with the transaction, and rolls them back with it', async (ctx) => {
        const repository = await open(ctx);
        // A repository bound to a transaction has the batch writes of the repository it binds.
        const batches = async (own: Batching) => {
          await own.createMany([
            { ...body(), id: 'n1' },
            { ...body(), id: 'n2' },
          ]);
          await own.updateMany([{ id: 'a1', patch: { name: 'Updated' } }]);
          await own.deleteMany(['a2', 'a3']);
        };
        const failure = new Error('work failed');
        const failed = repository.transaction(async (tx) => {
          await batches(tx.repository(repository) as Batching);
          throw failure;
        });
        expect(await rejectionOf(failed)).toBe(failure);
        expect(await listAll(repository)).toStrictEqual(STORED);
        await repository.transaction((tx) => batches(tx.repository(repository) as Batching));
        expect(idsOf(await listAll(repository))).toStrictEqual([...except('a2', 'a3'), 'n1', 'n2']);
        expect((await repository.get('a1')).name).toBe('Updated');
      });

      it('undoes only its own changes when a batch fails inside a transaction that goes on', async (ctx) => {
        const repository = await open(ctx);
        await repository.transaction(async (tx) => {
          const own = tx.repository(repository) as Batching;
          await own.create({ ...body(), id: 'n1' });
          const conflict = await httpErrorOf(
            own.createMany([
              { ...body(), id: 'n2' },
              { ...body(), id: 'a1' },
            ]),
          );
          expect(conflict.statusCode).toBe(409);
          const missing = await httpErrorOf(
            own.updateMany([
              { id: 'a1', patch: { age: 1 } },
              { id: 'missing', patch: { age: 1 } },
            ]),
          );
          expect(missing.statusCode).toBe(404);
          expect((await httpErrorOf(own.deleteMany(['a2', 'missing']))).statusCode).toBe(404);
          await own.update('a4', { name: 'After' });
        });
        expect(idsOf(await listAll(repository))).toStrictEqual([...except(), 'n1']);
        expect((await repository.get('a1')).age).toBe(STORED[0]?.age);
        expect((await repository.get('a4')).name).toBe('After');
      });
    });
  });
}
