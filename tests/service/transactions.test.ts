import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  HttpError,
  type Repository,
  type Transaction,
} from '../../src/index';
import { type OperationContext } from '../../src/service/index';
import { onError, resourceRoutes } from 'pagelope/hono';
import { createArrayRepository } from '../kit/array-repository';
import { rejectionOf } from '../support/rejection-of';

const authorSchema = z.object({ id: z.string(), name: z.string(), bookCount: z.number().int() });
const bookSchema = z.object({ id: z.string(), title: z.string().min(1), authorId: z.string() });
type Author = z.output<typeof authorSchema>;
type Book = z.output<typeof bookSchema>;
const authors = defineResource({ name: 'authors', schema: authorSchema, clientIds: true });
const books = defineResource({ name: 'books', schema: bookSchema, clientIds: true });

const AUTHORS: readonly Author[] = [{ id: 'a1', name: 'Ursula', bookCount: 1 }];
const BOOKS: readonly Book[] = [{ id: 'b1', title: 'Earthsea', authorId: 'a1' }];

/** A books service in transactions whose after-hooks bump the author's `bookCount` by `step`, through the transaction. */
function setup(options: { readonly transaction?: boolean } = { transaction: true }) {
  const authorRepository = createMemoryRepository(authors, { records: AUTHORS });
  const bookRepository = createMemoryRepository(books, { records: BOOKS });
  const service = createResourceService({ resource: books, repository: bookRepository, ...options });
  const bump = async (transaction: Transaction | undefined, authorId: string, step: number) => {
    const counters = transaction ? transaction.repository(authorRepository) : authorRepository;
    const author = await counters.get(authorId);
    await counters.update(authorId, { bookCount: author.bookCount + step });
  };
  service.hooks.on('onAfterCreate', ({ entity, transaction }) => bump(transaction, entity.authorId, 1));
  service.hooks.on('onAfterUpdate', ({ entity, transaction }) => bump(transaction, entity.authorId, 1));
  service.hooks.on('onAfterReplace', ({ entity, transaction }) => bump(transaction, entity.authorId, 1));
  service.hooks.on('onAfterDelete', ({ entity, transaction }) => bump(transaction, entity.authorId, -1));
  const state = async () => ({
    authors: (await authorRepository.list()).items,
    books: (await bookRepository.list()).items,
  });
  return { service, authorRepository, bookRepository, state };
}

const FAILURE = new HttpError(409, 'out of stock');
const WRITES = [
  { op: 'create', run: (s: ReturnType<typeof setup>['service']) => s.create({ id: 'b2', title: 'T', authorId: 'a1' }) },
  { op: 'update', run: (s: ReturnType<typeof setup>['service']) => s.update('b1', { title: 'Changed' }) },
  { op: 'replace', run: (s: ReturnType<typeof setup>['service']) => s.replace('b1', { title: 'New', authorId: 'a1' }) },
  { op: 'delete', run: (s: ReturnType<typeof setup>['service']) => s.delete('b1') },
] as const;

describe('createResourceService transaction', () => {
  it.each([
    { name: 'the array repository (no transaction)', repository: () => createArrayRepository(books) },
    {
      name: 'a copy without transaction',
      repository: () => ({ ...createMemoryRepository(books), transaction: undefined }),
    },
    {
      name: 'a non-function transaction',
      repository: () => ({ ...createMemoryRepository(books), transaction: 'yes' }),
    },
  ])('throws a TypeError at creation for $name', ({ repository }) => {
    const make = () =>
      createResourceService({ resource: books, repository: repository() as Repository<Book>, transaction: true });
    expect(make).toThrow(TypeError);
    expect(make).toThrow(/transaction: true/);
    expect(() =>
      createResourceService({ resource: books, repository: repository() as Repository<Book> }),
    ).not.toThrow();
  });

  it.each(WRITES)('commits a $op and the counter bump of its after-hook together', async ({ op, run }) => {
    const { service, state } = setup();
    const before = await state();
    await run(service);
    const after = await state();
    expect(after.authors[0]?.bookCount).toBe((before.authors[0]?.bookCount ?? 0) + (op === 'delete' ? -1 : 1));
    expect(after.books).not.toStrictEqual(before.books);
  });

  it.each(WRITES)(
    'rolls back a $op and the bump when a later after-hook fails, rethrowing its error',
    async ({ run }) => {
      const { service, state } = setup();
      const fail = () => {
        throw FAILURE;
      };
      service.hooks.on('onAfterCreate', fail);
      service.hooks.on('onAfterUpdate', fail);
      service.hooks.on('onAfterReplace', fail);
      service.hooks.on('onAfterDelete', fail);
      const before = await state();
      expect(await rejectionOf(run(service))).toBe(FAILURE);
      expect(await state()).toStrictEqual(before);
    },
  );

  it('rolls back what a before-hook wrote when the write itself fails', async () => {
    const { service, authorRepository, state } = setup();
    service.hooks.on('onBeforeCreate', async ({ body, transaction }) => {
      await transaction!.repository(authorRepository).update('a1', { name: 'touched' });
      return body;
    });
    const before = await state();
    expect(await rejectionOf(service.create({ id: 'b1', title: 'Dup', authorId: 'a1' }))).toMatchObject({
      statusCode: 409,
    });
    expect(await rejectionOf(service.create({ title: '', authorId: 'a1' }))).toMatchObject({ statusCode: 400 });
    expect(await state()).toStrictEqual(before);
  });

  it('keeps the write without transaction: true (the after-hook runs once it is stored)', async () => {
    const { service, state } = setup({});
    service.hooks.on('onAfterCreate', ({ transaction }) => {
      expect(transaction).toBeUndefined();
      throw FAILURE;
    });
    expect(await rejectionOf(service.create({ id: 'b2', title: 'T', authorId: 'a1' }))).toBe(FAILURE);
    expect((await state()).books.map((book) => book.id)).toStrictEqual(['b1', 'b2']);
  });

  it('leaves the counter exactly 50 higher after 50 concurrent transactional creates', async () => {
    const { service, authorRepository } = setup();
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => service.create({ id: `c${i}`, title: `T${i}`, authorId: 'a1' })),
    );
    expect((await authorRepository.get('a1')).bookCount).toBe(51);
  });

  it('runs onAfterError after the rollback, without a transaction in its context', async () => {
    const { service, authorRepository, bookRepository } = setup();
    service.hooks.on('onAfterCreate', () => {
      throw FAILURE;
    });
    const seen: unknown[] = [];
    service.hooks.on('onAfterErrorCreate', async (context, error) => {
      seen.push((await authorRepository.get('a1')).bookCount, (await bookRepository.list()).total);
      // A write to a repository the transaction joined waits until it has ended: this one lands at once.
      const write = bookRepository.create({ id: 'b3', title: 'After', authorId: 'a1' }).then(() => 'written');
      seen.push(await Promise.race([write, new Promise((resolve) => setTimeout(() => resolve('waiting'), 100))]));
      seen.push(context.transaction, error);
    });
    expect(await rejectionOf(service.create({ id: 'b2', title: 'T', authorId: 'a1' }))).toBe(FAILURE);
    expect(seen).toStrictEqual([1, 1, 'written', undefined, FAILURE]);
    expect((await bookRepository.list()).items.map((book) => book.id)).toStrictEqual(['b1', 'b3']);
  });

  it('hands the same transaction to the before-hooks, the scope and the after-hooks of a write, none to reads', async () => {
    const seen: { step: string; transaction: unknown }[] = [];
    const note = (step: string) => (context: OperationContext<Book>) =>
      void seen.push({ step, transaction: context.transaction });
    const repository = createMemoryRepository(books, { records: BOOKS });
    const service = createResourceService({
      resource: books,
      repository,
      transaction: true,
      scope: (context) => (note(`scope ${context.operation}`)(context), undefined),
    });
    service.hooks.on('onBeforeUpdate', note('before'));
    service.hooks.on('onAfterUpdate', note('after'));
    service.hooks.on('onAfterGet', note('after get'));
    await service.update('b1', { title: 'X' });
    await service.get('b1');
    expect(seen.map((entry) => entry.step)).toStrictEqual([
      'before',
      'scope update',
      'after',
      'scope get',
      'after get',
    ]);
    const [before, scope, after, readScope, read] = seen.map((entry) => entry.transaction);
    expect(typeof (before as Transaction).repository).toBe('function');
    expect([scope, after]).toStrictEqual([before, before]);
    expect([readScope, read]).toStrictEqual([undefined, undefined]);
  });

  it("answers the failing hook's envelope over HTTP and stores nothing", async () => {
    const { service, state } = setup();
    service.hooks.on('onAfterCreate', () => {
      throw FAILURE;
    });
    const app = new Hono();
    app.route('/', resourceRoutes(defineRoutes(service)));
    app.onError(onError);
    const before = await state();
    const response = await app.request('/books', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-correlation-id': 'tx-1' },
      body: JSON.stringify({ id: 'b2', title: 'T', authorId: 'a1' }),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ statusCode: 409, error: 'Conflict', message: 'out of stock' });
    expect(await state()).toStrictEqual(before);
  });
});
