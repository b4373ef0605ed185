import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, type ResourceConfig } from '../../src/index';
import { EMBED_LIMITS, resolveRelations, type Resource } from '../../src/resource/index';

const authorSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  fullName: z.string(),
  born: z.number().int().nullable(),
  secret: z.string(),
});
const bookSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  title: z.string(),
  authorId: z.string().nullable(),
});
const reviewSchema = z.object({ id: z.string(), bookId: z.string(), rating: z.number().int() });

const authors = defineResource({
  name: 'authors',
  schema: authorSchema,
  filterable: { fullName: ['eq', 'cont'], born: ['gte', 'isnull'] },
  sortable: ['fullName'],
  hidden: ['secret'],
});
const reviews = defineResource({ name: 'reviews', schema: reviewSchema, filterable: ['rating'], sortable: ['rating'] });

type BookConfig = ResourceConfig<typeof bookSchema>;
/** Defines books with `extra` over a valid configuration, as JavaScript callers can (no type checks). */
const books = (extra: Record<string, unknown> = {}) =>
  defineResource({
    name: 'books',
    schema: bookSchema,
    relations: {
      author: { kind: 'one', resource: () => authors, field: 'authorId' },
      reviews: { kind: 'many', resource: () => reviews, field: 'bookId' },
    },
    ...extra,
  } as unknown as BookConfig);

/** The TypeError message that resolving the relations of `resource` throws. */
const resolveError = <TRecord>(resource: Resource<TRecord>): string => {
  try {
    resolveRelations(resource);
  } catch (error) {
    if (error instanceof TypeError) return error.message;
    throw error;
  }
  throw new Error('resolveRelations did not throw');
};

describe('defineResource relations', () => {
  it('returns the declared relations with their allow-lists', () => {
    const resource = books({
      filterable: ['title', 'author.fullName', 'reviews.rating'],
      sortable: ['title', 'author.fullName'],
      includable: ['author', 'reviews'],
      countable: ['reviews'],
    });
    const author = resource.relations.get('author');
    const many = resource.relations.get('reviews');
    expect({ ...author, target: undefined, filterable: [...(author?.filterable ?? [])] }).toStrictEqual({
      name: 'author',
      kind: 'one',
      field: 'authorId',
      maxEmbedded: 1,
      target: undefined,
      filterable: [['fullName', null]],
      sortable: new Set(['fullName']),
      includable: true,
      countable: false,
    });
    expect(many?.maxEmbedded).toBe(EMBED_LIMITS.defaultMaxEmbedded);
    expect(many?.countable).toBe(true);
    expect([...resource.filterable.keys()]).toStrictEqual(['title']);
    expect([...resource.sortable]).toStrictEqual(['id', 'title']);
  });

  it('returns a resource without relations as before (an empty map)', () => {
    expect(defineResource({ name: 'authors', schema: authorSchema }).relations.size).toBe(0);
  });

  it('returns frozen relation collections', () => {
    const resource = books({ includable: ['author'] });
    expect(() => (resource.relations as Map<string, unknown>).set('x', {})).toThrow(TypeError);
    expect(Object.isFrozen(resource.relations.get('author'))).toBe(true);
  });

  it.each<{ extra: Record<string, unknown>; message: string }>([
    { extra: { relations: [] }, message: 'relations must be an object of named relations' },
    {
      extra: { relations: { title: { kind: 'one', resource: () => authors, field: 'authorId' } } },
      message: 'relation "title" has the name of a field of the schema',
    },
    {
      extra: { relations: { _count: { kind: 'one', resource: () => authors, field: 'authorId' } } },
      message: 'relation name "_count" is not allowed',
    },
    {
      extra: {
        relations: {
          __proto__x: { kind: 'one', resource: () => authors, field: 'authorId' },
          constructor: { kind: 'one', resource: () => authors, field: 'authorId' },
        },
      },
      message: 'relation name "constructor" is not allowed',
    },
    {
      extra: { relations: { 'a.b': { kind: 'one', resource: () => authors, field: 'authorId' } } },
      message: 'relation name "a.b" is not allowed',
    },
    {
      extra: { relations: { author: { kind: 'two', resource: () => authors, field: 'authorId' } } },
      message: `relation "author": kind must be 'one' or 'many'`,
    },
    {
      extra: { relations: { author: { kind: 'one', resource: authors, field: 'authorId' } } },
      message: 'relation "author": resource must be a function returning a resource',
    },
    {
      extra: { relations: { author: { kind: 'one', resource: () => authors, field: 'writerId' } } },
      message: 'relation "author": field "writerId" is not in the schema',
    },
    {
      extra: { relations: { author: { kind: 'one', resource: () => authors, field: 'authorId', maxEmbedded: 2 } } },
      message: `relation "author": maxEmbedded applies to kind 'many' only`,
    },
    {
      extra: { relations: { reviews: { kind: 'many', resource: () => reviews, field: 'bookId', maxEmbedded: 101 } } },
      message: 'relation "reviews": maxEmbedded must be an integer from 1 to 100',
    },
    {
      extra: { relations: { reviews: { kind: 'many', resource: () => reviews, field: 'bookId', maxEmbedded: 0 } } },
      message: 'relation "reviews": maxEmbedded must be an integer from 1 to 100',
    },
    {
      extra: { relations: { reviews: { kind: 'many', resource: () => reviews, field: 'bookId', through: 'x' } } },
      message: 'relation "reviews" has an unknown option "through"',
    },
    { extra: { includable: ['publisher'] }, message: 'includable names "publisher", which is not a relation' },
    { extra: { includable: ['author', 'author'] }, message: 'includable names relation "author" twice' },
    { extra: { countable: ['author'] }, message: `countable relation "author" must be of kind 'many'` },
    { extra: { countable: 'reviews' }, message: 'countable must be an array of relation names' },
    {
      extra: { filterable: ['publisher.name'] },
      message: 'filterable path "publisher.name" does not start with a relation name',
    },
    {
      extra: { filterable: ['author.publisher.name'] },
      message: 'filterable path "author.publisher.name" must be one hop: relation.field',
    },
    { extra: { filterable: ['author.'] }, message: 'filterable path "author." must be one hop: relation.field' },
    {
      extra: { filterable: ['author.__proto__'] },
      message: 'filterable path "author.__proto__" names a field that is not allowed',
    },
    {
      extra: { filterable: { 'author.fullName': [] } },
      message: 'filterable operators of path "author.fullName" must be a non-empty array',
    },
    {
      extra: { filterable: { 'author.fullName': ['near'] } },
      message: 'unknown operator "near" for path "author.fullName"',
    },
    {
      extra: { sortable: ['reviews.rating'] },
      message: 'sortable path "reviews.rating": only a to-one relation can be sorted by',
    },
    { extra: { sortable: ['author.fullName', 'author.fullName'] }, message: 'sortable names "author.fullName" twice' },
  ])('throws a TypeError at definition: $message', ({ extra, message }) => {
    expect(() => books(extra)).toThrow(new TypeError(`defineResource("books"): ${message}`));
  });

  it('throws a TypeError for a schema field named _count', () => {
    const schema = z.object({ id: z.string(), _count: z.number() });
    expect(() => defineResource({ name: 'books', schema })).toThrow(
      'defineResource("books"): field "_count" collides with the query parameter of the same name',
    );
  });

  it('refuses a relation path in defaultOrder (it orders by own fields only)', () => {
    expect(() =>
      books({ sortable: ['author.fullName'], defaultOrder: [{ field: 'author.fullName', direction: 'asc' }] }),
    ).toThrow('defaultOrder field "author.fullName" is not sortable');
  });
});

describe('resolveRelations', () => {
  it('returns the related resources with the allow-lists checked against them', () => {
    const resource = books({
      filterable: { 'author.fullName': ['cont'], 'reviews.rating': ['gte', 'lte'] },
      sortable: ['author.fullName'],
    });
    const resolved = resolveRelations(resource);
    expect(resolved.get('author')?.resource).toBe(authors);
    expect(resolved.get('author')?.fieldDef.name).toBe('authorId');
    expect(resolved.get('reviews')?.fieldDef.name).toBe('bookId');
    expect([...(resolved.get('author')?.filterable.get('fullName') ?? [])]).toStrictEqual(['cont']);
    expect([...(resolved.get('reviews')?.filterable.get('rating') ?? [])].sort()).toStrictEqual(['gte', 'lte']);
    expect(resolveRelations(resource)).toBe(resolved);
  });

  it('returns every operator the related resource allows for a path in the list form', () => {
    const resolved = resolveRelations(books({ filterable: ['author.fullName'] }));
    expect([...(resolved.get('author')?.filterable.get('fullName') ?? [])].sort()).toStrictEqual(['cont', 'eq']);
  });

  it('returns an empty map for a resource without relations', () => {
    expect(resolveRelations(authors).size).toBe(0);
  });

  it('resolves resources that name each other', () => {
    const schemaA = z.object({ id: z.string(), bId: z.string().nullable() });
    const schemaB = z.object({ id: z.string(), name: z.string() });
    // eslint-disable-next-line prefer-const -- assigned after a, which names it through the thunk
    let b: Resource<{ id: string; name: string }>;
    const a = defineResource({
      name: 'a',
      schema: schemaA,
      relations: { b: { kind: 'one', resource: () => b, field: 'bId' } },
      filterable: ['b.name'],
    });
    b = defineResource({
      name: 'b',
      schema: schemaB,
      filterable: ['name'],
      relations: { as: { kind: 'many', resource: () => a, field: 'bId' } },
    });
    expect(resolveRelations(a).get('b')?.resource).toBe(b);
    expect(resolveRelations(b).get('as')?.resource).toBe(a);
  });

  it.each<{ extra: Record<string, unknown>; message: string }>([
    {
      extra: { relations: { author: { kind: 'one', resource: () => ({}), field: 'authorId' } } },
      message: 'relation "author": its resource function must return a resource made by defineResource',
    },
    {
      extra: {
        relations: {
          author: {
            kind: 'one',
            resource: () => {
              throw new Error('not yet');
            },
            field: 'authorId',
          },
        },
      },
      message: 'relation "author": its resource function threw (not yet)',
    },
    {
      extra: { relations: { reviews: { kind: 'many', resource: () => reviews, field: 'bookRef' } } },
      message: 'relation "reviews": field "bookRef" is not in the schema of "reviews"',
    },
    {
      extra: { relations: { reviews: { kind: 'many', resource: () => reviews, field: 'rating' } } },
      message: 'relation "reviews": field "rating" (number) cannot hold the string ids of "books"',
    },
    {
      extra: {
        relations: { author: { kind: 'one', resource: () => authors, field: 'title' } },
        filterable: ['author.secret'],
      },
      message: 'relation "author": filterable path "author.secret": "secret" is not a visible field of "authors"',
    },
    {
      extra: {
        relations: { author: { kind: 'one', resource: () => authors, field: 'authorId' } },
        filterable: ['author.tenantId'],
      },
      message: 'relation "author": filterable path "author.tenantId": "authors" does not allow filtering on "tenantId"',
    },
    {
      extra: {
        relations: { author: { kind: 'one', resource: () => authors, field: 'authorId' } },
        filterable: ['author.nope'],
      },
      message: 'relation "author": filterable path "author.nope": "nope" is not a visible field of "authors"',
    },
    {
      extra: {
        relations: { author: { kind: 'one', resource: () => authors, field: 'authorId' } },
        filterable: { 'author.fullName': ['starts'] },
      },
      message: 'relation "author": filterable path "author.fullName": "authors" does not allow operator "starts"',
    },
    {
      extra: {
        relations: { author: { kind: 'one', resource: () => authors, field: 'authorId' } },
        sortable: ['author.born'],
      },
      message: 'relation "author": sortable path "author.born": "authors" does not allow sorting by "born"',
    },
    {
      extra: {
        relations: { author: { kind: 'one', resource: () => authors, field: 'authorId' } },
        sortable: ['author.secret'],
      },
      message: 'relation "author": sortable path "author.secret": "secret" is not a visible field of "authors"',
    },
  ])('throws a TypeError naming the relation on first use: $message', ({ extra, message }) => {
    expect(resolveError(books(extra))).toBe(`defineResource("books"): ${message}`);
  });
});
