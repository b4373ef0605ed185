import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  type Repository,
  type ResourceServiceOptions,
  type ScopeContext,
  type Transaction,
} from 'pagelope';
import {
  type CreateContext,
  type CreateErrorContext,
  type IdErrorContext,
  type OperationContext,
} from '../../src/service/index';

const bookSchema = z.object({ id: z.string(), title: z.string(), authorId: z.string() });
const authorSchema = z.object({ id: z.string(), bookCount: z.number() });
type Book = z.output<typeof bookSchema>;
type Author = z.output<typeof authorSchema>;
const books = defineResource({ name: 'books', schema: bookSchema });
const authors = defineResource({ name: 'authors', schema: authorSchema });

describe('createResourceService transaction', () => {
  it('takes an optional boolean transaction option', () => {
    expectTypeOf<ResourceServiceOptions<Book>['transaction']>().toEqualTypeOf<boolean | undefined>();
    createResourceService({ resource: books, repository: createMemoryRepository(books), transaction: true });
    // @ts-expect-error the option is a boolean, not a repository or a string
    createResourceService({ resource: books, repository: createMemoryRepository(books), transaction: 'yes' });
  });

  it('types the transaction of every hook context as Transaction | undefined', () => {
    expectTypeOf<OperationContext<Book>['transaction']>().toEqualTypeOf<Transaction | undefined>();
    expectTypeOf<CreateContext<Book>['transaction']>().toEqualTypeOf<Transaction | undefined>();
    expectTypeOf<CreateErrorContext<Book>['transaction']>().toEqualTypeOf<Transaction | undefined>();
    expectTypeOf<IdErrorContext<Book>['transaction']>().toEqualTypeOf<Transaction | undefined>();
    expectTypeOf<ScopeContext<Book>['transaction']>().toEqualTypeOf<Transaction | undefined>();
  });

  it('returns the joined repository with the record type of the repository given', () => {
    const authorRepository = createMemoryRepository(authors);
    const service = createResourceService({
      resource: books,
      repository: createMemoryRepository(books),
      transaction: true,
    });
    service.hooks.on('onAfterCreate', async ({ entity, transaction }) => {
      expectTypeOf(entity).toEqualTypeOf<Book>();
      const counters = transaction!.repository(authorRepository);
      expectTypeOf(counters).toEqualTypeOf<Repository<Author>>();
      const author = await counters.get(entity.authorId);
      expectTypeOf(author.bookCount).toEqualTypeOf<number>();
      // @ts-expect-error a field the author record does not have
      await counters.update(author.id, { title: 'x' });
      // @ts-expect-error the transaction may be absent: narrow it first
      transaction.repository(authorRepository);
    });
  });
});
