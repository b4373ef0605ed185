import { describe, expect, it } from 'vitest';
import { isHttpError, parseCursorQuery, parseListQuery } from '../../src/index';
import { rejectionOf } from '../support/rejection-of';
import { as, books, createRelationServices } from './relation-fixtures';

type Row = Record<string, unknown>;
const ids = (page: { readonly items: readonly unknown[] }) => page.items.map((item) => (item as Row).id);

describe('createResourceService relation filters', () => {
  it.each([
    { tenant: 'a', where: { author: { fullName: 'Zed Other' } }, expected: [] },
    { tenant: 'b', where: { author: { fullName: 'Zed Other' } }, expected: ['b9'] },
    { tenant: 'a', where: { author: { fullName: { startsl: 'ann' } } }, expected: ['b1'] },
    { tenant: 'a', where: { author: null }, expected: ['b2', 'b3'] },
    { tenant: 'a', where: { reviews: { any: { rating: 5 } } }, expected: ['b1'] },
    { tenant: 'b', where: { reviews: { any: { rating: 5 } } }, expected: [] },
    { tenant: 'a', where: { reviews: { none: { rating: 5 } } }, expected: ['b2', 'b3', 'b4'] },
    { tenant: 'a', where: { reviews: { all: { rating: { gte: 3 } } } }, expected: ['b1'] },
    { tenant: 'a', where: { reviews: { any: [{ rating: 1 }, { rating: { lte: 1 } }] } }, expected: ['b2'] },
    { tenant: 'a', where: [{ title: 'Three' }, { author: { fullName: 'Bo Chen' } }], expected: ['b3', 'b4'] },
  ])('returns in tenant $tenant only the books whose related records within scope match $where', async (row) => {
    const { bookService } = createRelationServices();
    const page = await bookService.list({ where: row.where as never }, as(row.tenant));
    expect(ids(page)).toEqual(row.expected);
    expect(page.total).toBe(row.expected.length);
  });

  it('returns the whole related set (capped) in the embeds, whatever the relation filter', async () => {
    const { bookService } = createRelationServices();
    const page = await bookService.list(
      { where: { reviews: { any: { rating: 3 } } }, include: ['reviews'], counts: ['reviews'] } as never,
      as('a'),
    );
    expect(page.items).toEqual([
      {
        id: 'b1',
        title: 'One',
        authorId: 'au1',
        tenant: 'a',
        reviews: [
          { id: 'r2', bookId: 'b1', rating: 5, tenant: 'a' },
          { id: 'r3', bookId: 'b1', rating: 4, tenant: 'a' },
        ],
        _count: { reviews: 3 },
      },
    ]);
  });

  it.each([
    { direction: 'asc', expected: ['b1', 'b4', 'b2', 'b3'] },
    { direction: 'desc', expected: ['b2', 'b3', 'b4', 'b1'] },
  ])('returns the books sorted by author.fullName $direction, the out-of-scope author as absent', async (row) => {
    const { bookService } = createRelationServices();
    const page = await bookService.list(
      { orderBy: [{ field: 'author.fullName', direction: row.direction }] } as never,
      as('a'),
    );
    expect(ids(page)).toEqual(row.expected);
  });

  it('returns each matching book once on a cursor walk with a relation filter', async () => {
    const { bookService } = createRelationServices();
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const query = parseCursorQuery(
        `limit=1&reviews.rating[eq]=5&reviews[match]=none${cursor ? `&cursor=${cursor}` : ''}`,
        books,
      );
      const page = await bookService.listByCursor(query, as('a'));
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(['b2', 'b3', 'b4']);
  });

  it('returns the embeds and the filter of an HTTP query', async () => {
    const { bookService } = createRelationServices();
    const page = await bookService.list(parseListQuery('author.fullName[cont]=Ann&include=author', books), as('a'));
    expect(page.items).toEqual([
      { id: 'b1', title: 'One', authorId: 'au1', tenant: 'a', author: { id: 'au1', fullName: 'Ann Lee', tenant: 'a' } },
    ]);
  });

  it('throws a 400 for a cursor walk continued by another tenant', async () => {
    const { bookService } = createRelationServices();
    const first = await bookService.listByCursor(parseCursorQuery('limit=1&author.fullName[cont]=e', books), as('a'));
    expect(first.nextCursor).not.toBeNull();
    const next = parseCursorQuery(`limit=1&author.fullName[cont]=e&cursor=${first.nextCursor}`, books);
    const error = await rejectionOf(bookService.listByCursor(next, as('b')));
    expect(isHttpError(error) && error.statusCode).toBe(400);
  });
});
