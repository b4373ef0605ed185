/** Types of the memory repository (root entry). */
import {
  createMemoryRepository,
  defineResource,
  type MemoryRepositoryOptions,
  type PageResult,
  type Repository,
} from 'pagelope';
import { type CreateInput } from 'pagelope/kit';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

const bookSchema = z.object({ id: z.string(), title: z.string(), pages: z.number().int() });
type Book = z.output<typeof bookSchema>;
const books = defineResource({ name: 'books', schema: bookSchema });

describe('createMemoryRepository', () => {
  it('takes a resource and options, and returns a Repository of its record type', () => {
    const repository = createMemoryRepository(books, { records: [{ id: 'b1', title: 'Dune', pages: 412 }] });
    expectTypeOf(repository).toEqualTypeOf<Repository<Book>>();
    expectTypeOf(repository).not.toBeAny();
    expectTypeOf(createMemoryRepository<Book>)
      .parameter(1)
      .toEqualTypeOf<MemoryRepositoryOptions<Book> | undefined>();
    expectTypeOf<MemoryRepositoryOptions<Book>>().not.toBeAny();
    expectTypeOf<NonNullable<MemoryRepositoryOptions<Book>['records']>>().toEqualTypeOf<Iterable<CreateInput<Book>>>();
    expectTypeOf(repository.list({})).resolves.toExtend<PageResult<Book>>();
  });

  it('rejects records of another shape and a missing resource at compile time', () => {
    // @ts-expect-error pages is a number
    createMemoryRepository(books, { records: [{ id: 'b1', title: 'Dune', pages: '412' }] });
    // @ts-expect-error the resource is required
    createMemoryRepository();
  });
});
