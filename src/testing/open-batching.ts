/** What the batch rules share: the repository of a test (or a skip), and every record it holds. */
import type { Repository } from 'pagelope';
import { expect } from 'vitest';
import type { ContractContext } from './contract-context';
import type { Item } from './fixtures';

/** What the batch rules need of vitest's test context: `skip` with a note. */
export interface BatchSkipContext {
  skip(note: string): never;
}

/** A repository of the contract's items that has the batch writes. */
export type Batching = Repository<Item> & Required<Pick<Repository<Item>, 'createMany' | 'updateMany' | 'deleteMany'>>;

/** The seeded (or empty) repository of a test, or a skip naming the batch method it lacks. */
export async function openBatching(
  context: ContractContext,
  ctx: BatchSkipContext,
  method: 'createMany' | 'updateMany' | 'deleteMany',
  seed = true,
): Promise<Batching> {
  const repository = await (seed ? context.seeded() : context.fresh());
  if (typeof repository[method] !== 'function') return ctx.skip(`the repository has no ${method}`);
  return repository as Batching;
}

/** Every record, in id order (the contract's batches keep the total under 50). */
export async function listAll(repository: Repository<Item>): Promise<readonly Item[]> {
  const page = await repository.list({ limit: 50 });
  expect(page.total).toBeLessThanOrEqual(50);
  return page.items;
}
