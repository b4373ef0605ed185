/**
 * `dataProvider` with relations: `meta.include` and `meta.counts` on the calls that read records, relation paths in
 * filters (as refine's `field`) and sorters, and the filters that cannot be sent.
 */
import { describe, expect, it } from 'vitest';
import { dataProvider } from 'pagelope/refine';
import { parseListQuery } from '../../src/index';
import { toWhere } from '../../src/refine/to-where';
import { fakeFetch, json, pageOf, type FakeCall } from '../client/fake-fetch';
import { relationBooks } from '../openapi/relation-routes';
import { rejectionOf } from '../support/rejection-of';

const BASE = 'http://api.test';
const book = { id: 'b1', title: 'T', authorId: 'a1', author: { id: 'a1', fullName: 'Ann' }, _count: { reviews: 2 } };

function providerOf(getMany: 'in' | 'each' = 'in') {
  const fake = fakeFetch((call) => json(200, /\/books\/b1/.test(call.url) ? book : pageOf([book], 1, 10, 1)));
  return { ...fake, provider: dataProvider(BASE, { fetch: fake.fetch, correlationId: 'c-1', getMany }) };
}
const sent = (calls: readonly FakeCall[]) => calls.map((call) => decodeURIComponent(call.url.slice(BASE.length)));

describe('dataProvider (relations)', () => {
  it('sends meta.include and meta.counts with getList, getMany and getOne, and returns the embeds', async () => {
    const { provider, calls } = providerOf();
    const meta = { include: ['author'], counts: ['reviews'] };
    const list = await provider.getList({ resource: 'books', meta });
    expect(list.data[0]).toEqual(book);
    await provider.getMany({ resource: 'books', ids: ['b1'], meta });
    const one = await provider.getOne({ resource: 'books', id: 'b1', meta });
    expect(one.data).toEqual(book);
    expect(sent(calls)).toEqual([
      '/books?include=author&counts=reviews&limit=10&page=1',
      '/books?id[in]=b1&include=author&counts=reviews&limit=1&page=1',
      '/books/b1?include=author&counts=reviews',
    ]);
    const each = providerOf('each');
    await each.provider.getMany({ resource: 'books', ids: ['b1'], meta: { include: ['author'] } });
    expect(sent(each.calls)).toEqual(['/books/b1?include=author']);
  });

  it('sends a filter field author.fullName as the relation path, inside OR groups too, and a relation sorter', async () => {
    const { provider, calls } = providerOf();
    await provider.getList({
      resource: 'books',
      filters: [
        { field: 'author.fullName', operator: 'containss', value: 'ann' },
        { field: 'reviews.rating', operator: 'gte', value: 4 },
        {
          operator: 'or',
          value: [
            { field: 'author.born', operator: 'gte', value: 1900 },
            { field: 'title', operator: 'containss', value: 'x' },
          ],
        },
      ],
      sorters: [{ field: 'author.fullName', order: 'desc' }],
    });
    const query = sent(calls)[0]!.split('?')[1]!;
    expect(query).toBe(
      [
        'or[0][author.fullName][cont]=ann',
        'or[0][author.born][gte]=1900',
        'or[0][reviews.rating][gte]=4',
        'or[1][author.fullName][cont]=ann',
        'or[1][reviews.rating][gte]=4',
        'or[1][title][cont]=x',
        'orderBy=author.fullName',
        'orderDirection=DESC',
        'limit=10',
        'page=1',
      ].join('&'),
    );
    // The server's grammar reads it as relation conditions (a to-many path: any related record).
    const parsed = parseListQuery(query.replace(/&limit.*$/, ''), relationBooks);
    expect(parsed.where).toEqual([
      { author: { fullName: { cont: 'ann' }, born: { gte: 1900 } }, reviews: { any: { rating: { gte: 4 } } } },
      { author: { fullName: { cont: 'ann' } }, reviews: { any: { rating: { gte: 4 } } }, title: { cont: 'x' } },
    ]);
  });

  it.each([
    { name: 'a meta.include that is a string', meta: { include: 'author' }, message: /meta.include must be an array/ },
    { name: 'a meta.counts of numbers', meta: { counts: [1] }, message: /meta.counts must be an array/ },
    { name: 'an include name with a comma', meta: { include: ['a,b'] }, message: /include\[0\]/ },
  ])('rejects $name', async ({ meta, message }) => {
    const { provider, calls } = providerOf();
    expect(await rejectionOf(provider.getList({ resource: 'books', meta }))).toMatchObject({ message });
    expect(await rejectionOf(provider.getOne({ resource: 'books', id: 'b1', meta }))).toMatchObject({ message });
    expect(calls).toEqual([]);
  });
});

describe('toWhere (relations)', () => {
  it('returns a relation path nested as a relation clause, conditions on one relation together', () => {
    expect(
      toWhere([
        { field: 'author.fullName', operator: 'contains', value: 'a' },
        { field: 'author.born', operator: 'gte', value: 1 },
        { field: 'title', operator: 'eq', value: 't' },
      ]),
    ).toEqual({ author: { fullName: { contl: 'a' }, born: { gte: 1 } }, title: { eq: 't' } });
  });

  it.each([
    { name: 'two hops', field: 'author.publisher.name', message: /not a field or a relation path/ },
    { name: 'an empty relation', field: '.name', message: /not a field or a relation path/ },
    { name: 'an empty related field', field: 'author.', message: /not a field or a relation path/ },
  ])('throws for $name', ({ field, message }) => {
    expect(() => toWhere([{ field, operator: 'eq', value: 1 }])).toThrow(message);
  });

  it('throws for one name filtered both as a field and as a relation in one group, in either order', () => {
    const asField = { field: 'author', operator: 'eq' as const, value: 'a1' };
    const asPath = { field: 'author.fullName', operator: 'eq' as const, value: 'Ann' };
    expect(() => toWhere([asField, asPath])).toThrow(/both as a field and as a relation/);
    expect(() => toWhere([asPath, asField])).toThrow(/both as a field and as a relation/);
  });
});
