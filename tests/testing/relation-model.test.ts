import { describe, expect, it } from 'vitest';
import { RELATION_SEED, type RelationScopes } from '../../src/testing/relation-fixtures';
import { compareReviews, expectedItem, referenceRelationList } from '../../src/testing/relation-model';

const TENANT_A: RelationScopes = { books: { tenant: 'A' }, authors: { tenant: 'A' }, reviews: { tenant: 'A' } };
const idsOf = (scopes: RelationScopes, query: Parameters<typeof referenceRelationList>[2]) =>
  referenceRelationList(RELATION_SEED, scopes, query).map(({ book }) => book.id);

describe('referenceRelationList', () => {
  it.each([
    ['no filter', {}, {}, ['b1', 'b2', 'b3', 'b4', 'b5', 'b6']],
    ['the books scope', TENANT_A, {}, ['b1', 'b2', 'b3', 'b4', 'b6']],
    ['a to-one condition', {}, { where: { author: { fullName: { contl: 'ann' } } } }, ['b1', 'b4', 'b5', 'b6']],
    ['a to-one condition under scopes', TENANT_A, { where: { author: { fullName: { contl: 'ann' } } } }, ['b1', 'b6']],
    [
      'a to-one isnull (absent authors)',
      TENANT_A,
      { where: { author: { born: { isnull: true } } } },
      ['b2', 'b3', 'b4'],
    ],
    ['no author', TENANT_A, { where: { author: null } }, ['b3', 'b4']],
    ['any review', {}, { where: { reviews: { any: { rating: { lte: 1 } } } } }, ['b2', 'b4']],
    ['any review under scopes', TENANT_A, { where: { reviews: { any: { rating: { lte: 1 } } } } }, ['b4']],
    ['all reviews', TENANT_A, { where: { reviews: { all: { rating: { gte: 4 } } } } }, ['b2', 'b6']],
    ['all reviews, the childless book never', TENANT_A, { where: { reviews: { all: {} } } }, ['b1', 'b2', 'b4', 'b6']],
    ['no review', TENANT_A, { where: { reviews: { none: { rating: { gte: 4 } } } } }, ['b3', 'b4']],
    ['no review at all', TENANT_A, { where: { reviews: { none: {} } } }, ['b3']],
    ['one review meeting both', {}, { where: { reviews: { any: { rating: { gte: 4 }, note: { eq: 'ok' } } } } }, []],
    ['two clauses of one quantifier', {}, { where: { reviews: { any: [{ rating: 5 }, { rating: 2 }] } } }, ['b1']],
    [
      'an OR',
      TENANT_A,
      { where: [{ author: null }, { reviews: { any: { note: 'great' } } }] },
      ['b1', 'b3', 'b4', 'b6'],
    ],
    ['a search', {}, { search: 'E' }, ['b2', 'b4', 'b5', 'b6']],
  ] as const)('lists the books for %s', (_name, scopes, query, expected) => {
    expect(idsOf(scopes, query)).toStrictEqual(expected);
  });

  it('sorts by a to-one path with absent authors last ascending and first descending, ties by id', () => {
    const asc = [{ field: 'author.fullName', direction: 'asc' }] as const;
    const desc = [{ field: 'author.fullName', direction: 'desc' }] as const;
    expect(idsOf(TENANT_A, { orderBy: asc })).toStrictEqual(['b1', 'b6', 'b2', 'b3', 'b4']);
    expect(idsOf(TENANT_A, { orderBy: desc })).toStrictEqual(['b3', 'b4', 'b2', 'b1', 'b6']);
    expect(
      idsOf(
        {},
        {
          orderBy: [
            { field: 'author.born', direction: 'asc' },
            { field: 'id', direction: 'desc' },
          ],
        },
      ),
    ).toStrictEqual(['b5', 'b4', 'b6', 'b1', 'b3', 'b2']);
  });
});

describe('expectedItem', () => {
  it('returns the author without hidden fields or null, reviews capped in default order, the count', () => {
    const [b1] = referenceRelationList(RELATION_SEED, {}, { where: { id: 'b1' } });
    const item = expectedItem(b1 as never, { include: ['author', 'reviews'], counts: ['reviews'] });
    expect(item).toStrictEqual({
      ...RELATION_SEED.books[0],
      author: { id: 'u1', tenant: 'A', fullName: 'Ann Leckie', born: 1966 },
      reviews: [
        { id: 'r1', tenant: 'A', bookId: 'b1', rating: 5, note: 'great' },
        { id: 'r3', tenant: 'A', bookId: 'b1', rating: 4, note: 'good' },
        { id: 'r4', tenant: 'A', bookId: 'b1', rating: 3, note: 'ok' },
      ],
      _count: { reviews: 4 },
    });
    const [b3] = referenceRelationList(RELATION_SEED, {}, { where: { id: 'b3' } });
    expect(expectedItem(b3 as never, { include: ['author'] })).toStrictEqual({
      ...RELATION_SEED.books[2],
      author: null,
    });
  });
});

describe('compareReviews', () => {
  it('returns the order rating descending, then id', () => {
    const rows = [
      { id: 'r2', rating: 3 },
      { id: 'r1', rating: 3 },
      { id: 'r3', rating: 5 },
    ] as Parameters<typeof compareReviews>[0][];
    expect([...rows].sort(compareReviews).map((row) => row.id)).toStrictEqual(['r3', 'r1', 'r2']);
  });
});
