/**
 * The resources of the relation rules: `authors`, `books` (to-one `author` through a nullable `authorId`, to-many
 * `reviews` through `reviews.bookId`) and `reviews`, each with a `tenant` that scopes it and a hidden `secret`.
 */
import { defineResource } from 'pagelope';
import { z } from 'zod';

/** The tenants of the relation rules' records and scopes. */
export const TENANTS = ['A', 'B'] as const;

/** An author: a name, a nullable year of birth, and a hidden field. */
const authorSchema = z.object({
  id: z.string(),
  tenant: z.enum(TENANTS),
  fullName: z.string(),
  born: z.number().int().nullable(),
  secret: z.string(),
});
/** A record of {@link authors}. */
export type Author = z.output<typeof authorSchema>;

/** A book: its author's id (null: none), a title, a nullable year. */
const bookSchema = z.object({
  id: z.string(),
  tenant: z.enum(TENANTS),
  title: z.string(),
  authorId: z.string().nullable(),
  year: z.number().int().nullable(),
});
/** A record of {@link books}. */
export type Book = z.output<typeof bookSchema>;

/** A review of a book: the book's id, a rating, a note and a hidden field. */
const reviewSchema = z.object({
  id: z.string(),
  tenant: z.enum(TENANTS),
  bookId: z.string(),
  rating: z.number().int(),
  note: z.string(),
  secret: z.string(),
});
/** A record of {@link reviews}. */
export type Review = z.output<typeof reviewSchema>;

/** How many reviews a book embeds at most: small, so that random worlds exceed it. */
export const REVIEWS_EMBEDDED = 3;

/** Authors, sortable and filterable by name and year of birth; `secret` is hidden. */
export const authors = defineResource({
  name: 'authors',
  schema: authorSchema,
  filterable: ['tenant', 'fullName', 'born'],
  sortable: ['fullName', 'born'],
  hidden: ['secret'],
  clientIds: true,
  pagination: { defaultLimit: 5, maxLimit: 50 },
});

/** Reviews, in rating order (highest first) by default; `secret` is hidden. */
export const reviews = defineResource({
  name: 'reviews',
  schema: reviewSchema,
  filterable: ['tenant', 'bookId', 'rating', 'note'],
  sortable: ['rating', 'note'],
  defaultOrder: [{ field: 'rating', direction: 'desc' }],
  hidden: ['secret'],
  clientIds: true,
  pagination: { defaultLimit: 5, maxLimit: 50 },
});

/**
 * Books: filterable and sortable by their author's name and year of birth, filterable by their reviews' rating and
 * note, searchable by title; both relations includable, the reviews countable.
 */
export const books = defineResource({
  name: 'books',
  schema: bookSchema,
  filterable: [
    'tenant',
    'title',
    'authorId',
    'year',
    'author.fullName',
    'author.born',
    'reviews.rating',
    'reviews.note',
  ],
  sortable: ['title', 'year', 'author.fullName', 'author.born'],
  searchable: ['title'],
  relations: {
    author: { kind: 'one', resource: () => authors, field: 'authorId' },
    reviews: { kind: 'many', resource: () => reviews, field: 'bookId', maxEmbedded: REVIEWS_EMBEDDED },
  },
  includable: ['author', 'reviews'],
  countable: ['reviews'],
  clientIds: true,
  pagination: { defaultLimit: 5, maxLimit: 50 },
});

/** The three sides of a relation scenario: every record of each resource, in any tenant. */
export interface RelationWorld {
  readonly authors: readonly Author[];
  readonly books: readonly Book[];
  readonly reviews: readonly Review[];
}

/** The request scope of each resource of a scenario (absent: none). */
export interface RelationScopes {
  readonly books?: Readonly<Record<string, unknown>> | undefined;
  readonly authors?: Readonly<Record<string, unknown>> | undefined;
  readonly reviews?: Readonly<Record<string, unknown>> | undefined;
}

/** A fixed world: two tenants, an author without books, a book without an author, a book without reviews. */
export const RELATION_SEED: RelationWorld = Object.freeze({
  authors: [
    { id: 'u1', tenant: 'A', fullName: 'Ann Leckie', born: 1966, secret: 'key-u1' },
    { id: 'u2', tenant: 'A', fullName: 'bob', born: null, secret: 'key-u2' },
    { id: 'u3', tenant: 'B', fullName: 'Anna Zebra', born: 1950, secret: 'key-u3' },
    { id: 'u4', tenant: 'A', fullName: 'Zoe', born: 1990, secret: 'key-u4' },
  ],
  books: [
    { id: 'b1', tenant: 'A', title: 'Ancillary', authorId: 'u1', year: 2013 },
    { id: 'b2', tenant: 'A', title: 'Bees', authorId: 'u2', year: null },
    { id: 'b3', tenant: 'A', title: 'Cats', authorId: null, year: 2001 },
    { id: 'b4', tenant: 'A', title: 'Dunes', authorId: 'u3', year: 1999 },
    { id: 'b5', tenant: 'B', title: 'Zebra book', authorId: 'u3', year: 2020 },
    { id: 'b6', tenant: 'A', title: 'Echo', authorId: 'u1', year: 2020 },
  ],
  reviews: [
    { id: 'r1', tenant: 'A', bookId: 'b1', rating: 5, note: 'great', secret: 'key-r1' },
    { id: 'r2', tenant: 'A', bookId: 'b1', rating: 2, note: 'meh', secret: 'key-r2' },
    { id: 'r3', tenant: 'A', bookId: 'b1', rating: 4, note: 'good', secret: 'key-r3' },
    { id: 'r4', tenant: 'A', bookId: 'b1', rating: 3, note: 'ok', secret: 'key-r4' },
    { id: 'r5', tenant: 'A', bookId: 'b2', rating: 4, note: 'good', secret: 'key-r5' },
    { id: 'r6', tenant: 'B', bookId: 'b2', rating: 1, note: 'zebra-bad', secret: 'key-r6' },
    { id: 'r7', tenant: 'B', bookId: 'b5', rating: 5, note: 'zebra-great', secret: 'key-r7' },
    { id: 'r8', tenant: 'A', bookId: 'b4', rating: 1, note: 'bad', secret: 'key-r8' },
    { id: 'r9', tenant: 'A', bookId: 'b6', rating: 5, note: 'great', secret: 'key-r9' },
  ],
}) as RelationWorld;
