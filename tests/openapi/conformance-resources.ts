/**
 * The resources of the OpenAPI conformance run (conformance-run.test.ts): every route type of `books` enabled (lists
 * with `deleted`, `total`, `link` and `x-total-count`, the cursor list, get, create, replace, update, delete with
 * `permanent`, restore, the three batch routes), soft delete and a version, search, select, a hidden and a read-only
 * field, a to-one and a to-many relation both includable, one countable, relation filters and sort paths; `authors`
 * with client-chosen ids. Each service is scoped to the tenant of the request (`locals.tenant`).
 */
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  type Repository,
  type Resource,
  type ResourceRoutes,
} from 'pagelope';

/** A point in time: an ISO 8601 date-time string with an offset (what JSON carries) or a `Date`, read as a `Date`. */
const timestamp = z.union([z.date(), z.iso.datetime({ offset: true })]).pipe(z.coerce.date());

export const conformanceAuthors = defineResource({
  name: 'authors',
  schema: z.object({
    id: z.string().min(1).max(64),
    fullName: z.string().min(1).max(100),
    born: z.number().int().min(1000).max(2100).nullable(),
    tenant: z.string(),
  }),
  clientIds: true,
  readOnly: ['tenant'],
  filterable: { fullName: ['eq', 'contl', 'in'], born: ['gte', 'lte', 'isnull'] },
  sortable: ['fullName', 'born'],
});

export const conformanceReviews = defineResource({
  name: 'reviews',
  schema: z.object({
    id: z.string(),
    bookId: z.string(),
    rating: z.number().int().min(1).max(5),
    tenant: z.string(),
  }),
  readOnly: ['tenant'],
  filterable: { rating: ['gte', 'lte', 'between'] },
});

export const conformanceBooks = defineResource({
  name: 'books',
  schema: z.object({
    id: z.string(),
    title: z.string().min(1).max(200),
    genre: z.enum(['fiction', 'science', 'history']),
    pages: z.number().int().positive().max(100_000),
    price: z.number().min(0).max(1_000_000).nullable().optional(),
    inPrint: z.boolean().default(true),
    publishedAt: timestamp.nullable(),
    authorId: z.string().max(64).nullable(),
    secret: z.string().default('s3cret'),
    tenant: z.string(),
    deletedAt: timestamp.nullable(),
    version: z.number().int().min(1),
  }),
  readOnly: ['tenant'],
  hidden: ['secret'],
  softDelete: { field: 'deletedAt' },
  version: 'version',
  searchable: ['title'],
  filterable: {
    title: ['eq', 'contl', 'startsl', 'inl'],
    genre: ['eq', 'ne', 'in', 'notin'],
    pages: ['gt', 'gte', 'lt', 'lte', 'between'],
    price: ['lt', 'gte', 'isnull'],
    inPrint: ['eq'],
    publishedAt: ['gte', 'lt', 'between', 'isnull', 'notnull'],
    authorId: ['eq', 'in', 'isnull'],
    'author.fullName': ['contl'],
    'author.born': ['gte'],
    'reviews.rating': ['gte', 'lte'],
  },
  sortable: ['title', 'pages', 'publishedAt', 'price', 'author.fullName'],
  relations: {
    author: { kind: 'one', resource: (): object => conformanceAuthors, field: 'authorId' },
    reviews: { kind: 'many', resource: (): object => conformanceReviews, field: 'bookId', maxEmbedded: 5 },
  },
  includable: ['author', 'reviews'],
  countable: ['reviews'],
});

/** The three resources, for a store to make a repository of each. */
export const CONFORMANCE_RESOURCES = [conformanceAuthors, conformanceReviews, conformanceBooks] as const;

/** Makes the repository of a resource (memory, or a table of a database). */
export type RepositoryOf = (resource: Resource) => Repository<never> | Promise<Repository<never>>;

/** What the app's `locals` give the services: the request's tenant. */
export interface ConformanceLocals {
  readonly tenant: string;
}

const byTenant = ({ locals }: { locals: unknown }) => ({ tenant: (locals as ConformanceLocals).tenant });

/** The routes of books (every route type) and authors (client ids, the default routes and the batch create). */
export async function createConformanceRoutes(
  repositoryOf: RepositoryOf = (resource) => createMemoryRepository(resource) as never,
): Promise<readonly ResourceRoutes[]> {
  const [authorRepository, reviewRepository, bookRepository] = await Promise.all(
    CONFORMANCE_RESOURCES.map((resource) => repositoryOf(resource as unknown as Resource)),
  );
  const authors = createResourceService({
    resource: conformanceAuthors,
    repository: authorRepository as never,
    scope: byTenant,
  });
  const reviews = createResourceService({
    resource: conformanceReviews,
    repository: reviewRepository as never,
    scope: byTenant,
  });
  const books = createResourceService({
    resource: conformanceBooks,
    repository: bookRepository as never,
    scope: byTenant,
    relations: { author: authors, reviews },
  });
  return [
    defineRoutes(books, {
      routes: {
        GET_LIST: { deleted: true, linkHeader: true, totalCountHeader: true, clientTotal: ['none', 'exact'] },
        GET_LIST_CURSOR: { deleted: true },
        GET: { deleted: true },
        CREATE: true,
        UPDATE: true,
        PARTIAL_UPDATE: true,
        DELETE: { permanent: true },
        RESTORE: true,
        CREATE_MANY: { maxItems: 5 },
        UPDATE_MANY: { maxItems: 5 },
        DELETE_MANY: { maxItems: 5 },
      },
    }),
    defineRoutes(authors, {
      routes: { GET_LIST: true, GET: true, CREATE: true, PARTIAL_UPDATE: true, CREATE_MANY: true },
    }),
    defineRoutes(reviews, { routes: { GET_LIST: true, CREATE: true } }),
  ];
}
