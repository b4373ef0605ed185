/**
 * Authors, books and reviews on one database for the relation tests: books have a to-one `author` (authorId, which
 * may be absent or name no author) and a to-many `reviews` (reviews.bookId). Queries are built by hand as the
 * normalization will produce them, and handed to the repositories as stamped query objects.
 */
import { z } from 'zod';
import { defineResource, type FieldDef } from '../../src/index';
import type { Condition, NormalizedQuery, RelationCondition, Repository } from '../../src/kit/index';
import { remember } from '../../src/query/model/normalized-query';
import { createPostgresRepository, createTableSql, type SqlClient } from '../../src/postgres/index';
import { uniqueTable } from './pg-clients';

export const authors = defineResource({
  name: 'authors',
  schema: z.object({
    id: z.string(),
    fullName: z.string(),
    tenant: z.string(),
    bornAt: z.date().nullable(),
  }),
  filterable: ['fullName', 'tenant', 'bornAt'],
  sortable: ['fullName', 'bornAt'],
});

export const reviews = defineResource({
  name: 'reviews',
  schema: z.object({
    id: z.string(),
    bookId: z.string(),
    rating: z.number().nullable(),
    tenant: z.string(),
    at: z.date(),
  }),
  filterable: ['bookId', 'rating', 'tenant', 'at'],
  sortable: ['rating', 'at'],
  defaultOrder: [{ field: 'rating', direction: 'desc' }],
});

export const books = defineResource({
  name: 'books',
  schema: z.object({ id: z.string(), title: z.string(), authorId: z.string().nullable() }),
  filterable: ['title', 'authorId', 'author.fullName', 'reviews.rating'],
  sortable: ['title', 'author.fullName', 'author.bornAt'],
  relations: {
    author: { kind: 'one', resource: () => authors, field: 'authorId' },
    reviews: { kind: 'many', resource: () => reviews, field: 'bookId' },
  },
});

export type Author = z.infer<typeof authors.schema>;
export type Review = z.infer<typeof reviews.schema>;
export type Book = z.infer<typeof books.schema>;

export const authorDef = (field: string): FieldDef => authors.fields.get(field) as FieldDef;
export const reviewDef = (field: string): FieldDef => reviews.fields.get(field) as FieldDef;

/** A condition on a related field. */
export const on = (def: FieldDef, op: Condition['op'], value: unknown = true): Condition => ({
  field: def.name,
  op,
  value,
  def,
});

/** A relation term. */
export const term = (
  relation: 'author' | 'reviews',
  conditions: readonly Condition[],
  match: RelationCondition['match'] = 'any',
): RelationCondition => ({ relation, kind: relation === 'author' ? 'one' : 'many', match, conditions });

/** A normalized page query of books, as the normalization will produce it. */
export function bookQuery(parts: Partial<NormalizedQuery>): NormalizedQuery {
  return {
    page: 1,
    limit: 1000,
    groups: [[]],
    order: [{ field: 'id', direction: 'asc' }],
    after: null,
    ...parts,
  };
}

/** A stamped list input the repository takes as the given normalized query. */
export const stamped = (query: NormalizedQuery, mode: 'page' | 'cursor' = 'page'): object =>
  remember({}, query, books, mode);

export interface Library {
  readonly authors: Repository<Author>;
  readonly books: Repository<Book>;
  readonly reviews: Repository<Review>;
  readonly tables: readonly string[];
}

/** Creates the three tables (with the relating fields indexed) and their repositories on `client`. */
export async function createLibrary(client: SqlClient, exec: (sql: string) => Promise<void>): Promise<Library> {
  const [a, b, r] = [uniqueTable('authors'), uniqueTable('books'), uniqueTable('reviews')];
  await exec(createTableSql(authors, { table: a }));
  await exec(createTableSql(books, { table: b, indexes: ['authorId'] }));
  await exec(createTableSql(reviews, { table: r, indexes: ['bookId'] }));
  return {
    authors: createPostgresRepository(authors, { client, table: a }),
    books: createPostgresRepository(books, { client, table: b }),
    reviews: createPostgresRepository(reviews, { client, table: r }),
    tables: [a, b, r],
  };
}

/** Wraps a client's `query` to count the statements it runs (`statements.length`) and keep their texts. */
export function countingClient(client: SqlClient): { readonly client: SqlClient; readonly statements: string[] } {
  const statements: string[] = [];
  const counted = Object.create(client) as SqlClient;
  counted.query = (text, values) => {
    statements.push(text);
    return client.query(text, values);
  };
  return { client: counted, statements };
}
