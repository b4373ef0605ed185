/**
 * The world of the leak oracle's tests (tests/testing/find-leaks.test.ts and each store's leg): authors with a hidden
 * email, books and reviews related to them, two tenants, and tenant t1's routes over any store; the secrets tenant t1
 * may not learn, and the requests sent for each.
 */
import { z } from 'zod';
import { createResourceService, defineResource, defineRoutes, type ResourceRoutes } from '../../src/index';
import { createFetchHandler } from '../../src/http/index';
import {
  leakRequests,
  type LeakRequest,
  type LeakSecret,
  type LeakSeed,
  type LeakServer,
  type RepositoryFactory,
} from '../../src/testing/index';

export const authors = defineResource({
  name: 'authors',
  schema: z.object({ id: z.string(), tenantId: z.string(), fullName: z.string(), email: z.string() }),
  filterable: ['fullName'],
  sortable: ['fullName'],
  searchable: ['fullName'],
  hidden: ['email'],
});
export const reviews = defineResource({
  name: 'reviews',
  schema: z.object({ id: z.string(), tenantId: z.string(), bookId: z.string(), rating: z.number().int() }),
  filterable: ['rating'],
  sortable: ['rating'],
});
export const books = defineResource({
  name: 'books',
  schema: z.object({ id: z.string(), tenantId: z.string(), title: z.string(), authorId: z.string().nullable() }),
  filterable: ['title', 'author.fullName', 'reviews.rating'],
  sortable: ['title', 'author.fullName'],
  searchable: ['title'],
  relations: {
    author: { kind: 'one', resource: () => authors, field: 'authorId' },
    reviews: { kind: 'many', resource: () => reviews, field: 'bookId' },
  },
  includable: ['author', 'reviews'],
  countable: ['reviews'],
});

export const SEED: LeakSeed = {
  authors: [
    { id: 'a1', tenantId: 't1', fullName: 'Ann Lee', email: 'ann@example.com' },
    { id: 'a2', tenantId: 't2', fullName: 'Anna Other', email: 'anna@example.com' },
    { id: 'a3', tenantId: 't1', fullName: 'Cy Ruiz', email: 'cy@example.com' },
  ],
  reviews: [
    { id: 'r1', tenantId: 't1', bookId: 'b1', rating: 5 },
    { id: 'r2', tenantId: 't1', bookId: 'b1', rating: 3 },
    { id: 'r3', tenantId: 't2', bookId: 'b1', rating: 1 },
    { id: 'r4', tenantId: 't2', bookId: 'b4', rating: 4 },
  ],
  books: [
    { id: 'b1', tenantId: 't1', title: 'Rivers', authorId: 'a1' },
    { id: 'b2', tenantId: 't1', title: 'Stones', authorId: 'a2' },
    { id: 'b3', tenantId: 't1', title: 'Winds', authorId: null },
    { id: 'b4', tenantId: 't2', title: 'Secrets', authorId: 'a2' },
  ],
};

/** What tenant t1 may not learn: the hidden email of its own author, and the fields of tenant t2's records. */
export const SECRETS: readonly LeakSecret[] = [
  { resource: 'authors', id: 'a1', field: 'email', values: ['ann@example.com', 'zed@example.org'] },
  { resource: 'authors', id: 'a2', field: 'fullName', values: ['Anna Other', 'Bob Zed'] },
  { resource: 'authors', id: 'a2', field: 'email', values: ['anna@example.com', 'b@example.org'] },
  { resource: 'reviews', id: 'r3', field: 'rating', values: [1, 5] },
  { resource: 'reviews', id: 'r4', field: 'bookId', values: ['b4', 'b2'] },
  { resource: 'books', id: 'b4', field: 'title', values: ['Secrets', 'Aardvark'] },
  { resource: 'books', id: 'b4', field: 'authorId', values: ['a2', 'a1'] },
];

type Row = Record<string, unknown>;
const tenantScope = ({ locals }: { locals: Readonly<Row> }) => ({ tenantId: locals['tenantId'] as string });

/** The books' routes: every single-record route, the batch updates and deletes, and a client's choice of total. */
const BOOK_ROUTES = {
  GET_LIST: { clientTotal: ['none', 'estimated'] },
  GET_LIST_CURSOR: true,
  GET: true,
  CREATE: true,
  UPDATE: true,
  PARTIAL_UPDATE: true,
  DELETE: true,
  UPDATE_MANY: true,
  DELETE_MANY: true,
} as const;

/**
 * The three resources' routes over `seed` on the store of `makeRepository`, tenant t1's; with `leakyBooks`, the books'
 * service forgets its scope (a leak for the oracle to find).
 */
export async function routesOver(
  makeRepository: RepositoryFactory,
  seed: LeakSeed,
  leakyBooks: boolean,
): Promise<ResourceRoutes[]> {
  const rows = (name: string) => (seed[name] ?? []) as never[];
  const authorService = createResourceService({
    resource: authors,
    repository: await makeRepository(authors, rows('authors')),
    scope: tenantScope,
  });
  const reviewService = createResourceService({
    resource: reviews,
    repository: await makeRepository(reviews, rows('reviews')),
    scope: tenantScope,
  });
  const bookService = createResourceService({
    resource: books,
    repository: await makeRepository(books, rows('books')),
    // A deliberate leak for the oracle to find: the books' scope forgotten.
    scope: leakyBooks ? undefined : tenantScope,
    relations: { author: authorService, reviews: () => reviewService },
  });
  return [
    defineRoutes(authorService) as ResourceRoutes,
    defineRoutes(reviewService) as ResourceRoutes,
    defineRoutes(bookService, { routes: BOOK_ROUTES }) as ResourceRoutes,
  ];
}

const headersOf = (response: Response): Record<string, string> => {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return headers;
};

/** How the oracle starts a server over a seed: the routes on `makeRepository`'s store behind `createFetchHandler`. */
export const serveOn =
  (makeRepository: RepositoryFactory, { leakyBooks = false }: { readonly leakyBooks?: boolean } = {}) =>
  async (seed: LeakSeed): Promise<LeakServer> => {
    const routes = await routesOver(makeRepository, seed, leakyBooks);
    const handle = createFetchHandler(routes, { locals: () => ({ tenantId: 't1' }) });
    return async (request: LeakRequest) => {
      const { method, body } = request;
      const headers = { ...request.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
      const text = body === undefined ? undefined : JSON.stringify(body);
      const response = await handle(new Request(`http://oracle.test${request.url}`, { method, headers, body: text }));
      return { status: response.status, headers: headersOf(response), body: await response.text() };
    };
  };

/** Every request of the three resources' routes for a secret. */
export const requestsFor = (secret: LeakSecret): readonly LeakRequest[] => [
  ...leakRequests(books, secret, {
    path: '/books',
    ids: ['b1', 'b2', 'b4'],
    totals: ['none', 'estimated'],
    cursor: true,
    include: ['author', 'reviews'],
    counts: ['reviews'],
    relationFields: ['author.fullName', 'author.email', 'reviews.rating'],
  }),
  ...leakRequests(authors, secret, { path: '/authors', ids: ['a1', 'a2'], cursor: true }),
  ...leakRequests(reviews, secret, { path: '/reviews', ids: ['r3'] }),
];

/**
 * Writes of tenant t1 that the oracle sends beside the reads (each to two fresh servers): its own records changed,
 * deleted, and pointed at another tenant's author; tenant t2's records named by id, alone and in batches; a hidden
 * field written. None creates a record, so no answer holds a generated id.
 */
export const WRITE_REQUESTS: readonly LeakRequest[] = [
  { method: 'PATCH', url: '/books/b1', body: { title: 'New' } },
  { method: 'PATCH', url: '/books/b1', body: { authorId: 'a2' } },
  { method: 'PATCH', url: '/books/b1', body: { authorId: 'a1' } },
  { method: 'PATCH', url: '/books/b4', body: { title: 'x' } },
  { method: 'PUT', url: '/books/b4', body: { tenantId: 't1', title: 'x', authorId: null } },
  { method: 'PUT', url: '/books/b2', body: { tenantId: 't1', title: 'x', authorId: 'a2' } },
  { method: 'DELETE', url: '/books/b4' },
  { method: 'DELETE', url: '/books/b2' },
  { method: 'PATCH', url: '/books/batch', body: { items: [{ id: 'b4', title: 'x' }] } },
  {
    method: 'PATCH',
    url: '/books/batch',
    body: {
      items: [
        { id: 'b1', title: 'y' },
        { id: 'b2', authorId: 'a2' },
      ],
    },
  },
  { method: 'DELETE', url: '/books/batch', body: { ids: ['b4'] } },
  { method: 'DELETE', url: '/books/batch', body: { ids: ['b1', 'b2'] } },
  { method: 'PATCH', url: '/authors/a1', body: { fullName: 'Zed' } },
  { method: 'PATCH', url: '/authors/a1', body: { email: 'x@example.com' } },
  { method: 'PATCH', url: '/authors/a2', body: { fullName: 'Zed' } },
  { method: 'DELETE', url: '/reviews/r3' },
  { method: 'PATCH', url: '/reviews/r1', body: { bookId: 'b4' } },
];
