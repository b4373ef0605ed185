/**
 * Shared fixtures of the relation tests of the query grammar: publishers, authors (with a hidden `secret` and a
 * relation of their own, so `author.publisher.name` is a real second hop), books (to-one `author`, to-many `reviews`,
 * and an `editor` relation clients may neither filter, sort, include nor count) and reviews, with a few records.
 */
import { z } from 'zod';
import { defineResource, type Resource } from '../../src/index';
import { isRelationCondition, type Condition, type ConditionGroups } from '../../src/query/index';

export const publishers = defineResource({
  name: 'publishers',
  schema: z.object({ id: z.string(), name: z.string() }),
  filterable: ['name'],
  sortable: ['name'],
});

export const authors = defineResource({
  name: 'authors',
  schema: z.object({
    id: z.string(),
    fullName: z.string(),
    born: z.number().int().nullable(),
    secret: z.string(),
    publisherId: z.string().nullable(),
  }),
  filterable: ['fullName', 'born', 'publisherId'],
  sortable: ['fullName', 'born'],
  hidden: ['secret'],
  relations: { publisher: { kind: 'one', resource: () => publishers, field: 'publisherId' } },
});

export const reviews = defineResource({
  name: 'reviews',
  schema: z.object({
    id: z.string(),
    bookId: z.string(),
    rating: z.number().int(),
    body: z.string(),
    postedAt: z.date(),
  }),
  filterable: ['bookId', 'rating', 'body', 'postedAt'],
  sortable: ['rating', 'postedAt'],
});

export const books = defineResource({
  name: 'books',
  schema: z.object({
    id: z.string(),
    title: z.string(),
    year: z.number().int(),
    authorId: z.string().nullable(),
    editorId: z.string().nullable(),
  }),
  filterable: {
    title: ['eq', 'cont', 'contl'],
    year: ['eq', 'gte', 'lte', 'between'],
    'author.fullName': ['eq', 'cont', 'contl', 'starts'],
    'author.born': ['gte', 'lte', 'isnull'],
    'reviews.rating': ['eq', 'gte', 'lte', 'in'],
    'reviews.body': ['cont'],
  },
  sortable: ['title', 'year', 'author.fullName', 'author.born'],
  relations: {
    author: { kind: 'one', resource: () => authors, field: 'authorId' },
    editor: { kind: 'one', resource: () => authors, field: 'editorId' },
    reviews: { kind: 'many', resource: () => reviews, field: 'bookId', maxEmbedded: 5 },
  },
  includable: ['author', 'reviews'],
  countable: ['reviews'],
  pagination: { defaultLimit: 10, maxLimit: 50 },
});

/** The books resource typed loosely, as the internal functions take it. */
export const bookResource = books as unknown as Resource;

export const AUTHORS = [
  { id: 'a1', fullName: 'Ann Lee', born: 1950, secret: 's1', publisherId: 'p1' },
  { id: 'a2', fullName: 'Bob Hanna', born: null, secret: 's2', publisherId: null },
  { id: 'a3', fullName: 'Cy Young', born: 1990, secret: 's3', publisherId: 'p1' },
] as const;

export const BOOKS = [
  { id: 'b1', title: 'Alpha', year: 2001, authorId: 'a1', editorId: null },
  { id: 'b2', title: 'Beta', year: 2002, authorId: 'a2', editorId: 'a1' },
  { id: 'b3', title: 'Gamma', year: 2003, authorId: null, editorId: null },
  { id: 'b4', title: 'Delta', year: 2004, authorId: 'a3', editorId: null },
  { id: 'b5', title: 'Epsilon', year: 2005, authorId: 'a9', editorId: null },
] as const;

const at = (day: number): Date => new Date(Date.UTC(2024, 0, day));

export const REVIEWS = [
  { id: 'r1', bookId: 'b1', rating: 5, body: 'great', postedAt: at(1) },
  { id: 'r2', bookId: 'b1', rating: 4, body: 'good', postedAt: at(2) },
  { id: 'r3', bookId: 'b2', rating: 1, body: 'bad', postedAt: at(3) },
  { id: 'r4', bookId: 'b2', rating: 5, body: 'great', postedAt: at(4) },
  { id: 'r5', bookId: 'b4', rating: 3, body: 'fine', postedAt: at(5) },
] as const;

/** Groups without field definitions, for comparisons: conditions as `[field, op, value]`, relation terms as objects. */
export function plainGroups(groups: ConditionGroups): unknown[][] {
  const condition = (c: Condition) => [c.field, c.op, c.value];
  return groups.map((group) =>
    group.map((term) =>
      isRelationCondition(term)
        ? { relation: term.relation, kind: term.kind, match: term.match, conditions: term.conditions.map(condition) }
        : condition(term),
    ),
  );
}

/** A canonical text of groups: terms sorted within each group, conditions sorted within each relation term. */
export function canonicalGroups(groups: ConditionGroups): string {
  return JSON.stringify(
    plainGroups(groups).map((group) =>
      group
        .map((term) =>
          JSON.stringify(
            Array.isArray(term)
              ? term
              : {
                  ...(term as object),
                  conditions: (term as { conditions: unknown[] }).conditions.map((c) => JSON.stringify(c)).sort(),
                },
          ),
        )
        .sort(),
    ),
  );
}
