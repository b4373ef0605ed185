/**
 * Authors, books and reviews in two tenants, with a scope on every service: the fixtures of the relation tests of
 * the service and the routes.
 */
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, type Repository } from '../../src/index';

export const authorSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  tenant: z.string(),
  secret: z.string().default('s'),
});
export const bookSchema = z.object({
  id: z.string(),
  title: z.string(),
  authorId: z.string().nullable().default(null),
  tenant: z.string(),
});
export const reviewSchema = z.object({
  id: z.string(),
  bookId: z.string(),
  rating: z.number().int(),
  tenant: z.string(),
  note: z.string().default('n'),
});
export type Author = z.output<typeof authorSchema>;
export type Book = z.output<typeof bookSchema>;
export type Review = z.output<typeof reviewSchema>;

export const authors = defineResource({
  name: 'authors',
  schema: authorSchema,
  clientIds: true,
  hidden: ['secret'],
  filterable: ['fullName', 'tenant'],
  sortable: ['fullName'],
});
export const reviews = defineResource({
  name: 'reviews',
  schema: reviewSchema,
  clientIds: true,
  hidden: ['note'],
  filterable: ['rating', 'bookId'],
  sortable: ['rating'],
  defaultOrder: [{ field: 'rating', direction: 'desc' }],
});
export const books = defineResource({
  name: 'books',
  schema: bookSchema,
  clientIds: true,
  filterable: ['title', 'author.fullName', 'reviews.rating'],
  sortable: ['title', 'author.fullName'],
  relations: {
    author: { kind: 'one', resource: () => authors, field: 'authorId' },
    reviews: { kind: 'many', resource: () => reviews, field: 'bookId', maxEmbedded: 2 },
  },
  includable: ['author', 'reviews'],
  countable: ['reviews'],
});

/** Tenant a: two books with an author each (b2's is in tenant b), one without; tenant b: one book. */
export const AUTHORS: readonly Author[] = [
  { id: 'au1', fullName: 'Ann Lee', tenant: 'a', secret: 'x1' },
  { id: 'au2', fullName: 'Bo Chen', tenant: 'a', secret: 'x2' },
  { id: 'au9', fullName: 'Zed Other', tenant: 'b', secret: 'x9' },
];
export const BOOKS: readonly Book[] = [
  { id: 'b1', title: 'One', authorId: 'au1', tenant: 'a' },
  { id: 'b2', title: 'Two', authorId: 'au9', tenant: 'a' },
  { id: 'b3', title: 'Three', authorId: null, tenant: 'a' },
  { id: 'b4', title: 'Four', authorId: 'au2', tenant: 'a' },
  { id: 'b9', title: 'Nine', authorId: 'au9', tenant: 'b' },
];
export const REVIEWS: readonly Review[] = [
  { id: 'r1', bookId: 'b1', rating: 3, tenant: 'a', note: 'n1' },
  { id: 'r2', bookId: 'b1', rating: 5, tenant: 'a', note: 'n2' },
  { id: 'r3', bookId: 'b1', rating: 4, tenant: 'a', note: 'n3' },
  { id: 'r4', bookId: 'b2', rating: 1, tenant: 'a', note: 'n4' },
  { id: 'r5', bookId: 'b2', rating: 5, tenant: 'b', note: 'n5' },
  { id: 'r6', bookId: 'b9', rating: 2, tenant: 'b', note: 'n6' },
  { id: 'r7', bookId: 'b4', rating: 5, tenant: 'b', note: 'n7' },
];

export type Locals = { readonly tenant: string };
export const scope = ({ locals }: { readonly locals: Readonly<Locals> }) => ({ tenant: locals.tenant });

/** Options of a call in a tenant. */
export const as = (tenant: string) => ({ locals: { tenant } });

export interface RelationServices {
  readonly authorService: ReturnType<typeof createResourceService<Author, Locals>>;
  readonly reviewService: ReturnType<typeof createResourceService<Review, Locals>>;
  readonly bookService: ReturnType<typeof createResourceService<Book, Locals>>;
}

/** The three services over memory repositories (or the repositories given), scoped by tenant, books bound to both. */
export function createRelationServices(
  repositories: {
    readonly authors?: Repository<Author>;
    readonly books?: Repository<Book>;
    readonly reviews?: Repository<Review>;
  } = {},
): RelationServices {
  const authorService = createResourceService<Author, Locals>({
    resource: authors,
    repository: repositories.authors ?? createMemoryRepository(authors, { records: AUTHORS }),
    scope,
  });
  const reviewService = createResourceService<Review, Locals>({
    resource: reviews,
    repository: repositories.reviews ?? createMemoryRepository(reviews, { records: REVIEWS }),
    scope,
  });
  const bookService = createResourceService<Book, Locals>({
    resource: books,
    repository: repositories.books ?? createMemoryRepository(books, { records: BOOKS }),
    scope,
    relations: { author: authorService, reviews: () => reviewService },
  });
  return { authorService, reviewService, bookService };
}
