import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  type ResourceRoutes,
} from 'pagelope';

/**
 * The OpenAPI tests' second resource, unlike the demo's users in every policy: client-chosen ids, nullable,
 * optional, defaulted, boolean, enum, date and array fields, a hidden and a read-only field, unknown body keys
 * stripped, limits that reject (the list route's own clamp), operator maps, a custom path and no PUT route.
 */
export const bookSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().min(1).max(200),
  author: z.string().nullable(),
  genre: z.enum(['fiction', 'science', 'history']),
  pages: z.number().int().positive(),
  price: z.number().min(0).optional(),
  inPrint: z.boolean().default(true),
  publishedAt: z.coerce.date().nullable(),
  tags: z.array(z.string()).default([]),
  secret: z.string().default('s3cret'),
  createdAt: z.coerce.date(),
});

export type Book = z.output<typeof bookSchema>;

export const books = defineResource({
  name: 'books',
  schema: bookSchema,
  clientIds: true,
  filterable: {
    title: ['eq', 'cont', 'contl', 'startsl', 'inl'],
    author: ['eq', 'isnull', 'notnull', 'in'],
    genre: ['eq', 'ne', 'in', 'notin'],
    pages: ['gt', 'gte', 'lt', 'lte', 'between'],
    price: ['lt', 'isnull'],
    inPrint: ['eq'],
    publishedAt: ['gte', 'lt', 'between', 'isnull', 'notnull'],
  },
  sortable: ['title', 'pages', 'publishedAt'],
  defaultOrder: [{ field: 'title', direction: 'asc' }],
  readOnly: ['createdAt'],
  hidden: ['secret'],
  unknownFields: 'strip',
  pagination: { defaultLimit: 5, maxLimit: 20, onLimitExceeded: 'reject' },
});

/** Seeded books: `count` of them, ids `b00`, `b01`, ... */
export function seedBooks(count = 12): Book[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `b${String(i).padStart(2, '0')}`,
    title: `Book ${i}`,
    author: i % 3 === 0 ? null : `Author ${i % 4}`,
    genre: (['fiction', 'science', 'history'] as const)[i % 3]!,
    pages: 100 + i * 10,
    ...(i % 2 === 0 ? { price: i * 1.5 } : {}),
    inPrint: i % 4 !== 0,
    publishedAt: i % 5 === 0 ? null : new Date(Date.UTC(2000 + i, 0, 1)),
    tags: i % 2 === 0 ? ['even'] : [],
    secret: `secret ${i}`,
    createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
  }));
}

/** The books routes under `/library/books`: every route type but `UPDATE` (PUT), the list route clamping at 50. */
export function createBookRoutes(count = 12): ResourceRoutes<Book> {
  const repository = createMemoryRepository(books, { records: seedBooks(count) });
  const service = createResourceService({ resource: books, repository });
  service.hooks.on('onBeforeCreate', ({ body }) => ({ ...body, createdAt: new Date() }));
  return defineRoutes(service, {
    path: '/library/books',
    routes: {
      GET_LIST: { pagination: { maxLimit: 50, onLimitExceeded: 'clamp' } },
      GET_LIST_CURSOR: true,
      GET: true,
      CREATE: true,
      PARTIAL_UPDATE: true,
      DELETE: true,
    },
  });
}
