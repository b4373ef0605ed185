/**
 * The transaction of a batch write reaches every hook of every item: with `createResourceService({ transaction: true
 * })`, `createMany`, `updateMany` and `deleteMany` run in one transaction of the repository, and each item's
 * before- and after-hooks get it as `context.transaction`, so a write through it (the counter recipe of
 * docs/hooks-and-service.md) is part of the batch: committed with it, rolled back with it. Call
 * `describeBatchHookTransactionContract(name, makeRepository)` from a store's test file; `makeRepository` must make
 * repositories of one store (a transaction of one joins the other).
 */
import type { RepositoryFactory } from 'pagelope/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, HttpError, type Repository, type Transaction } from '../../src/index';
import { rejectionOf } from '../support/rejection-of';

const authorSchema = z.object({ id: z.string(), name: z.string(), bookCount: z.number().int() });
const bookSchema = z.object({ id: z.string(), title: z.string().min(1), authorId: z.string() });
type Author = z.output<typeof authorSchema>;
type Book = z.output<typeof bookSchema>;
const authors = defineResource({ name: 'authors', schema: authorSchema, clientIds: true });
const books = defineResource({ name: 'books', schema: bookSchema, clientIds: true });

/** A books service in transactions with the docs' counter recipe on create, update and delete, and a hook log. */
async function setup(makeRepository: RepositoryFactory) {
  const authorRepository = (await makeRepository(authors, [
    { id: 'ursula', name: 'Ursula', bookCount: 0 },
  ])) as Repository<Author>;
  const bookRepository = (await makeRepository(books, [])) as Repository<Book>;
  const service = createResourceService({ resource: books, repository: bookRepository, transaction: true });
  /** `typeof context.transaction` per hook call, as `event:typeof`. */
  const seen: string[] = [];
  const bump = async (transaction: Transaction | undefined, by = 1) => {
    // The guard of the docs' recipe: made every batch create a 500 when batch hooks got no transaction.
    if (!transaction) throw new Error('the service runs its writes in transactions');
    const counters = transaction.repository(authorRepository);
    const author = await counters.get('ursula');
    await counters.update(author.id, { bookCount: author.bookCount + by });
  };
  for (const event of ['onBeforeCreate', 'onBeforeUpdate', 'onBeforeDelete', 'onAfterUpdate'] as const)
    service.hooks.on(event, (({ transaction }: { transaction?: unknown }) => {
      seen.push(`${event}:${typeof transaction}`);
    }) as never);
  service.hooks.on('onAfterCreate', async ({ entity, transaction }) => {
    seen.push(`onAfterCreate:${typeof transaction}`);
    await bump(transaction);
    if (entity.title === 'Untitled') throw new HttpError(422, 'a book needs a real title');
  });
  service.hooks.on('onAfterDelete', async ({ transaction }) => {
    seen.push(`onAfterDelete:${typeof transaction}`);
    await bump(transaction, -1);
  });
  const count = async () => (await authorRepository.get('ursula')).bookCount;
  const titles = async () => (await bookRepository.list({ limit: 100 })).items.map((book) => book.title).sort();
  return { service, seen, count, titles };
}

const items = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ id: `b${from + i}`, title: `Book ${from + i}`, authorId: 'ursula' }));

/** Declares the batch hook transaction contract on one store. */
export function describeBatchHookTransactionContract(name: string, makeRepository: RepositoryFactory): void {
  describe(`${name}: batch hooks in the batch's transaction`, () => {
    it('bumps the counter once per created book, for a single create and a batch', async () => {
      const { service, seen, count, titles } = await setup(makeRepository);
      await service.create({ id: 'one', title: 'Earthsea', authorId: 'ursula' });
      expect(await count()).toBe(1);
      const created = await service.createMany(items(12));
      expect(created).toHaveLength(12);
      expect(await count()).toBe(13);
      expect(await titles()).toHaveLength(13);
      expect(new Set(seen)).toEqual(new Set(['onBeforeCreate:object', 'onAfterCreate:object']));
    });

    it('leaves the counter and the books unchanged when an after-hook of item 7 of a batch fails', async () => {
      const { service, count, titles } = await setup(makeRepository);
      await service.createMany(items(2));
      const batch = items(10, 2).map((item, i) => (i === 7 ? { ...item, title: 'Untitled' } : item));
      const error = await rejectionOf(service.createMany(batch));
      expect(error).toMatchObject({ statusCode: 422, message: 'a book needs a real title' });
      expect(await count()).toBe(2);
      expect(await titles()).toEqual(['Book 0', 'Book 1']);
    });

    it('hands the transaction to the hooks of each item of updateMany and deleteMany', async () => {
      const { service, seen, count, titles } = await setup(makeRepository);
      await service.createMany(items(4));
      seen.length = 0;
      await service.updateMany([
        { id: 'b0', title: 'Changed 0' },
        { id: 'b1', title: 'Changed 1' },
      ]);
      expect(seen).toEqual([
        'onBeforeUpdate:object',
        'onBeforeUpdate:object',
        'onAfterUpdate:object',
        'onAfterUpdate:object',
      ]);
      seen.length = 0;
      await service.deleteMany(['b2', 'b3']);
      expect(seen).toEqual([
        'onBeforeDelete:object',
        'onBeforeDelete:object',
        'onAfterDelete:object',
        'onAfterDelete:object',
      ]);
      expect(await count()).toBe(2);
      expect(await titles()).toEqual(['Changed 0', 'Changed 1']);
    });
  });
}
