import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient, toQueryString, type QueryInput } from 'pagelope/client';
import { parseCursorQuery, parseListQuery } from '../../src/index';
import { relationBooks } from '../openapi/relation-routes';
import { fakeFetch, json, pageOf } from './fake-fetch';
import { items } from './fixtures';

const rejectionOfSync = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
};
const own = (key: string, value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify({ [key]: value }));

describe('toQueryString (relations)', () => {
  it.each<{ name: string; input: QueryInput; expected: string }>([
    {
      name: 'a to-one condition as relation paths',
      input: { where: { author: { fullName: { cont: 'ann' }, born: 1970 } } },
      expected: 'author.fullName[cont]=ann&author.born[eq]=1970',
    },
    {
      name: 'a to-one null field as isnull, a list operator repeated',
      input: { where: { author: { born: null, fullName: { in: ['a', 'b'] } } } },
      expected: 'author.born[isnull]=true&author.fullName[in]=a&author.fullName[in]=b',
    },
    {
      name: 'a to-many any with no match (the default)',
      input: { where: { reviews: { any: { rating: { gte: 4 } } } } },
      expected: 'reviews.rating[gte]=4',
    },
    {
      name: 'a to-many all with reviews[match]=all',
      input: { where: { reviews: { all: { rating: { gte: 4 } } } } },
      expected: 'reviews.rating[gte]=4&reviews[match]=all',
    },
    {
      name: 'a to-many none of one clause in an array, beside an own field',
      input: { where: { title: { cont: 'x' }, reviews: { none: [{ rating: { lt: 2 }, text: { cont: 'bad' } }] } } },
      expected: 'title[cont]=x&reviews.rating[lt]=2&reviews.text[cont]=bad&reviews[match]=none',
    },
    {
      name: 'relation conditions inside OR groups (any only)',
      input: { where: [{ author: { fullName: 'ann' } }, { reviews: { any: { rating: 5 } }, title: 'x' }] },
      expected: 'or[0][author.fullName][eq]=ann&or[1][reviews.rating][eq]=5&or[1][title][eq]=x',
    },
    {
      name: 'include and counts as comma lists, after select',
      input: { select: ['title'], include: ['author', 'reviews'], counts: ['reviews'], limit: 5 },
      expected: 'select=title&include=author,reviews&counts=reviews&limit=5',
    },
    { name: 'empty include and counts as nothing', input: { include: [], counts: [] }, expected: '' },
    {
      name: 'a relation sort path',
      input: {
        orderBy: [
          { field: 'author.fullName', direction: 'desc' },
          { field: 'title', direction: 'asc' },
        ],
      },
      expected: 'orderBy=author.fullName,title&orderDirection=DESC,ASC',
    },
    {
      name: 'percent-encoded names and values in paths',
      input: { where: { 'a&b': { 'c d': 'é&' } }, include: ['a&b'] },
      expected: 'a%26b.c%20d[eq]=%C3%A9%26&include=a%26b',
    },
  ])('returns $name', ({ input, expected }) => {
    expect(toQueryString(input)).toBe(expected);
  });

  it.each<{ name: string; input: unknown; message: RegExp }>([
    { name: 'two hops', input: { where: { author: { publisher: { name: 'x' } } } }, message: /two relations deep/ },
    {
      name: 'two quantifiers on one relation',
      input: { where: { reviews: { any: { rating: 1 }, none: { rating: 5 } } } },
      message: /any and none together/,
    },
    {
      name: 'a quantifier of two clauses',
      input: { where: { reviews: { all: [{ rating: 1 }, { rating: 2 }] } } },
      message: /reviews\.all .*2 clauses/,
    },
    { name: 'a quantifier of no clause', input: { where: { reviews: { any: [] } } }, message: /0 clauses/ },
    {
      name: 'a quantifier without conditions',
      input: { where: { reviews: { any: {} } } },
      message: /without conditions/,
    },
    { name: 'a quantifier of a string', input: { where: { reviews: { any: 'x' } } }, message: /an object of field/ },
    {
      name: 'all inside an OR clause',
      input: { where: [{ reviews: { all: { rating: 1 } } }, { title: 'x' }] },
      message: /where\[0\]\.reviews\.all .*all inside an OR clause/,
    },
    { name: 'a dotted relation name', input: { where: { 'a.b': { c: 1 } } }, message: /"a\.b"/ },
    { name: 'a dotted field name', input: { where: { 'author.fullName': { cont: 'a' } } }, message: /field name/ },
    { name: 'a __proto__ related field', input: { where: { author: own('__proto__', 1) } }, message: /"__proto__"/ },
    { name: 'a bracketed related field', input: { where: { author: { 'x[y]': 1 } } }, message: /"x\[y\]"/ },
    { name: 'an empty related field', input: { where: { author: { '': 1 } } }, message: /field name ""/ },
    { name: 'a bad related value', input: { where: { author: { born: Number.NaN } } }, message: /NaN/ },
    { name: 'an include that is a string', input: { include: 'author' }, message: /include .*an array/ },
    { name: 'an include name with a comma', input: { include: ['a,b'] }, message: /include\[0\]/ },
    { name: 'an include path', input: { include: ['author.books'] }, message: /include\[0\]/ },
    { name: 'an empty include name', input: { include: [''] }, message: /include\[0\]/ },
    { name: 'a numeric counts name', input: { counts: [1] }, message: /counts\[0\] .*number/ },
    { name: 'an include name with a lone surrogate', input: { include: ['\ud800'] }, message: /lone surrogate/ },
  ])('throws a TypeError for $name', ({ input, message }) => {
    expect(() => toQueryString(input as QueryInput)).toThrow(TypeError);
    expect(() => toQueryString(input as QueryInput)).toThrow(message);
  });

  it.each([
    { where: { name: { like: 'a' } }, path: 'name.like' },
    { where: { name: { operator: 'eq', value: 'a' } }, path: 'name.operator' },
    { where: { score: { GT: 1 } }, path: 'score.GT' },
  ])(
    'writes a condition object with no operator as a relation path, which the server refuses as unknown ($path)',
    ({ where, path }) => {
      const text = toQueryString({ where } as QueryInput);
      expect(text.startsWith(`${path}[eq]=`)).toBe(true);
      const error = rejectionOfSync(() => parseListQuery(text, items));
      expect(error).toMatchObject({
        statusCode: 400,
        message: expect.arrayContaining([expect.stringContaining(`"${path}" is not a filterable field`)]),
      });
    },
  );
});

describe('createClient (relations)', () => {
  interface Author {
    id: string;
    fullName: string;
  }
  interface Book {
    id: string;
    title: string;
    authorId: string | null;
  }
  const ann = { id: 'a1', fullName: 'Ann' };
  const book = { id: 'b1', title: 'T', authorId: 'a1', author: ann, reviews: [], _count: { reviews: 0 } };

  const clientOf = (revive?: (raw: Record<string, unknown>) => Book) => {
    const fake = fakeFetch((call) =>
      json(
        200,
        call.url.includes('/cursor')
          ? { items: [book], nextCursor: null }
          : call.url.includes('/b1')
            ? book
            : pageOf([book], 1, 10, 1),
      ),
    );
    const client = createClient({ baseUrl: 'http://api.test', fetch: fake.fetch });
    const books = client.resource<Book, { author: Author; reviews: { id: string }[] }>('/books', { revive });
    return { ...fake, books };
  };

  it('calls list, listByCursor and get with include, counts and relation filters in the query', async () => {
    const { books, calls } = clientOf();
    const page = await books.list({ include: ['author'], counts: ['reviews'], where: { author: { fullName: 'Ann' } } });
    expect(page.items[0]?.author).toEqual(ann);
    expect(page.items[0]?._count.reviews).toBe(0);
    await books.listByCursor({ include: ['reviews'], where: { reviews: { none: { id: 'r1' } } } });
    const one = await books.get('b1', { include: ['author', 'reviews'] });
    expect(one.reviews).toEqual([]);
    await books.get('b1');
    expect(calls.map((call) => call.url)).toEqual([
      'http://api.test/books?author.fullName[eq]=Ann&include=author&counts=reviews',
      'http://api.test/books/cursor?reviews.id[eq]=r1&reviews[match]=none&include=reviews',
      'http://api.test/books/b1?include=author,reviews',
      'http://api.test/books/b1',
    ]);
  });

  it('returns the embeds beside what revive returns, frozen or not', async () => {
    const strip = (raw: Record<string, unknown>): Book => ({
      id: raw['id'] as string,
      title: raw['title'] as string,
      authorId: raw['authorId'] as string | null,
    });
    const { books } = clientOf(strip);
    const page = await books.list({ include: ['author'], counts: ['reviews'] });
    expect(page.items[0]).toEqual({ id: 'b1', title: 'T', authorId: 'a1', author: ann, _count: { reviews: 0 } });
    // Without include, revive's result is all there is.
    expect((await books.list()).items[0]).toEqual({ id: 'b1', title: 'T', authorId: 'a1' });
    const frozen = clientOf((raw) => Object.freeze(strip(raw)));
    const one = await frozen.books.get('b1', { include: ['reviews'] });
    expect(one).toEqual({ id: 'b1', title: 'T', authorId: 'a1', reviews: [] });
    const all = [];
    for await (const item of frozen.books.all({ include: ['author'] })) all.push(item);
    expect(all).toEqual([{ id: 'b1', title: 'T', authorId: 'a1', author: ann }]);
  });

  it('rejects a get whose include the grammar cannot express, before any request', async () => {
    const { books, calls } = clientOf();
    await expect(books.get('b1', { include: ['a,b' as 'author'] })).rejects.toThrow(/include\[0\]/);
    expect(calls).toEqual([]);
  });
});

describe('toQueryString (relations) through parseListQuery', () => {
  it.each<{ name: string; input: QueryInput; where: unknown }>([
    {
      name: 'a to-one clause of two fields',
      input: { where: { author: { fullName: { cont: 'Ann' }, born: { gte: 1900 } } } },
      where: { author: { fullName: { cont: 'Ann' }, born: { gte: 1900 } } },
    },
    {
      name: 'a to-many all',
      input: { where: { title: { cont: 'x' }, reviews: { all: [{ rating: { gte: 4 } }] } } },
      where: { title: { cont: 'x' }, reviews: { all: { rating: { gte: 4 } } } },
    },
    {
      name: 'OR groups with relation conditions',
      input: { where: [{ author: { fullName: { in: ['a', 'b&c'] } } }, { reviews: { any: { rating: { gte: 2 } } } }] },
      where: [{ author: { fullName: { in: ['a', 'b&c'] } } }, { reviews: { any: { rating: { gte: 2 } } } }],
    },
  ])('returns text parseListQuery reads back to the same where: $name', ({ input, where }) => {
    expect(parseListQuery(toQueryString(input), relationBooks).where).toEqual(where);
  });

  it('returns include, counts and a relation order that parseListQuery and parseCursorQuery read back', () => {
    const input: QueryInput = {
      include: ['reviews', 'author'],
      counts: ['reviews'],
      orderBy: [{ field: 'author.fullName', direction: 'desc' }],
    };
    const parsed = parseListQuery(toQueryString(input), relationBooks);
    expect(parsed).toMatchObject({ include: ['reviews', 'author'], counts: ['reviews'] });
    expect(parsed.orderBy[0]).toEqual({ field: 'author.fullName', direction: 'desc' });
    expect(parseCursorQuery(toQueryString({ ...input, cursor: null } as QueryInput), relationBooks)).toMatchObject({
      include: ['reviews', 'author'],
      counts: ['reviews'],
    });
  });

  it('returns text that parseListQuery reads back to the same relation where (property)', () => {
    const text = fc.string({ minLength: 1, maxLength: 12 });
    const own = fc.record({ title: fc.record({ cont: text }) }, { requiredKeys: [] });
    const author = fc.record(
      {
        fullName: fc.oneof(
          fc.record({ cont: text }),
          fc.record({ in: fc.array(text, { minLength: 1, maxLength: 3 }) }),
        ),
        born: fc.record({ gte: fc.integer({ min: -5000, max: 5000 }) }),
      },
      { requiredKeys: [] },
    );
    const rating = fc.record({ rating: fc.record({ gte: fc.integer({ min: -10, max: 10 }) }) });
    const reviews = fc.oneof(fc.record({ any: rating }), fc.record({ all: rating }), fc.record({ none: rating }));
    const clause = fc
      .tuple(
        own,
        fc.option(
          author.filter((a) => Object.keys(a).length > 0),
          { nil: undefined },
        ),
        fc.option(reviews, { nil: undefined }),
      )
      .map(([base, a, r]) => ({ ...base, ...(a ? { author: a } : {}), ...(r ? { reviews: r } : {}) }))
      .filter((c) => Object.keys(c).length > 0);
    const groupClause = clause.map((c) =>
      c.reviews && !('any' in c.reviews) ? { ...c, reviews: { any: Object.values(c.reviews)[0]! } } : c,
    );
    const where = fc.oneof(clause, fc.array(groupClause, { minLength: 2, maxLength: 4 }));
    fc.assert(
      fc.property(where, (input) => {
        expect(parseListQuery(toQueryString({ where: input } as QueryInput), relationBooks).where).toEqual(input);
      }),
    );
  });
});
