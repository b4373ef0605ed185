import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  type ResourceRoutes,
} from 'pagelope';

/**
 * The OpenAPI tests' relations: books with a to-one `author` (authors hide `secret`) and a to-many `reviews`
 * (`maxEmbedded` 5), both includable, `reviews` countable, relation paths in `filterable` and `sortable`. The
 * authors' and books' routes are documented, the reviews' are not.
 */
export const authors = defineResource({
  name: 'authors',
  schema: z.object({ id: z.string(), fullName: z.string(), born: z.number().int().nullable(), secret: z.string() }),
  hidden: ['secret'],
  filterable: { fullName: ['eq', 'cont', 'contl', 'in'], born: ['gte', 'isnull'] },
  sortable: ['fullName', 'born'],
  relations: { books: { kind: 'many', resource: (): object => relationBooks, field: 'authorId' } },
  includable: ['books'],
});

export const reviews = defineResource({
  name: 'reviews',
  schema: z.object({ id: z.string(), bookId: z.string(), rating: z.number().int(), text: z.string() }),
  filterable: { rating: ['gte', 'lte', 'between'], text: ['cont'] },
});

export const relationBooks = defineResource({
  name: 'books',
  schema: z.object({ id: z.string(), title: z.string(), authorId: z.string().nullable() }),
  filterable: { title: ['cont'], 'author.fullName': ['cont', 'in'], 'author.born': ['gte'], 'reviews.rating': ['gte'] },
  sortable: ['title', 'author.fullName'],
  relations: {
    author: { kind: 'one', resource: (): object => authors, field: 'authorId' },
    reviews: { kind: 'many', resource: (): object => reviews, field: 'bookId', maxEmbedded: 5 },
  },
  includable: ['author', 'reviews'],
  countable: ['reviews'],
});

/** The routes of books and authors (reviews have none). */
export function createRelationRoutes(): readonly ResourceRoutes[] {
  const authorService = createResourceService({
    resource: authors,
    repository: createMemoryRepository(authors),
    relations: { books: () => bookService },
  });
  const reviewService = createResourceService({ resource: reviews, repository: createMemoryRepository(reviews) });
  const bookService = createResourceService({
    resource: relationBooks,
    repository: createMemoryRepository(relationBooks),
    relations: { author: authorService, reviews: reviewService },
  });
  return [defineRoutes(bookService), defineRoutes(authorService)];
}

/**
 * The routes of books, their services bound to authors' and reviews' (memory repositories with a few records), so
 * that `include`, `counts` and relation filters answer.
 */
export function createBoundRelationRoutes(): ResourceRoutes {
  const authorsService = createResourceService({
    resource: authors,
    repository: createMemoryRepository(authors, {
      records: [{ id: 'a1', fullName: 'Ann Lee', born: 1970, secret: 'x' }],
    }),
    relations: { books: () => booksService },
  });
  const reviewsService = createResourceService({
    resource: reviews,
    repository: createMemoryRepository(reviews, {
      records: [
        { id: 'r1', bookId: 'b1', rating: 5, text: 'ok' },
        { id: 'r2', bookId: 'b1', rating: 3, text: 'ok' },
      ],
    }),
  });
  const booksService = createResourceService({
    resource: relationBooks,
    repository: createMemoryRepository(relationBooks, {
      records: [
        { id: 'b1', title: 'One', authorId: 'a1' },
        { id: 'b2', title: 'Two', authorId: null },
      ],
    }),
    relations: { author: authorsService, reviews: () => reviewsService },
  });
  return defineRoutes(booksService);
}
