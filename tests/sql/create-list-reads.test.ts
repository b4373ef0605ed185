import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileComparator, compileQueryPredicate, type Resource } from 'pagelope/kit';
import { createMemoryRepository, defineResource } from '../../src/index';
import { createListReads, type SqlListing } from '../../src/sql/index';

const books = defineResource({
  name: 'books',
  schema: z.object({ id: z.string(), title: z.string(), year: z.number().int(), note: z.string().nullable() }),
  filterable: ['title', 'year', 'note'],
  sortable: ['title', 'year', 'note'],
  searchable: ['title'],
  pagination: { defaultLimit: 3, maxLimit: 50 },
});
type Book = z.output<typeof books.schema>;

const RECORDS: readonly Book[] = Array.from({ length: 11 }, (_, i) => ({
  id: `b${String(i).padStart(2, '0')}`,
  title: ['Emma', 'Ulysses', 'Beloved', 'Dune'][i % 4] ?? '',
  year: 1900 + (i % 5) * 10,
  note: i % 3 === 0 ? null : `n${String(i % 2)}`,
}));

/** List reads whose listings are evaluated in the process: every record the query selects, in its order. */
function inProcess() {
  return createListReads<Book>(books as unknown as Resource, async (query) => {
    const test = compileQueryPredicate(query);
    const listing: SqlListing = {
      query,
      source: () => undefined,
      matching: async () =>
        RECORDS.filter((record) => test(record)).sort(
          compileComparator(query.order, (books as unknown as Resource).fields),
        ),
      toItem: (row) =>
        query.select ? Object.fromEntries(query.select.map((field) => [field, row[field]])) : { ...row },
      keysOf: (row) => row,
    };
    return listing;
  });
}

const asc = (field: string) => ({ field, direction: 'asc' }) as const;
const desc = (field: string) => ({ field, direction: 'desc' }) as const;

const QUERIES = [
  { name: 'the default order', input: {} },
  {
    name: 'a filter and an order with NULLs',
    input: { where: { year: { gte: 1910 } }, orderBy: [desc('note'), asc('title')] },
  },
  { name: 'a search and a selection', input: { search: 'e', select: ['title'], orderBy: [asc('year')] } },
  { name: 'estimated totals', input: { orderBy: [asc('title')], total: 'estimated' } },
  { name: 'no totals', input: { orderBy: [desc('year')], total: 'none' } },
] as const;

describe('createListReads', () => {
  const memory = createMemoryRepository(books, { records: RECORDS });

  it.each(QUERIES)('returns the pages the memory repository returns, with $name', async ({ input }) => {
    const reads = inProcess();
    for (const page of [1, 2, 4, 5]) {
      const given = { ...input, page, limit: 3 } as never;
      expect(await reads.list(given)).toEqual(await memory.list(given));
    }
  });

  it.each(QUERIES.filter(({ input }) => !('total' in input)))(
    'walks the cursor pages the memory repository walks, with $name',
    async ({ input }) => {
      const reads = inProcess();
      let cursor: string | null | undefined;
      let pages = 0;
      do {
        const given = { ...input, limit: 4, ...(cursor ? { cursor } : {}) } as never;
        const page = await reads.listByCursor(given);
        expect(page).toEqual(await memory.listByCursor(given));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBeGreaterThan(1);
    },
  );

  it('returns an empty page and no cursor when the listing is undefined', async () => {
    const reads = createListReads<Book>(books as unknown as Resource, async () => undefined);
    expect(await reads.list({ page: 2, limit: 3 })).toMatchObject({ items: [], total: 0, page: 2, limit: 3 });
    expect(await reads.listByCursor({ limit: 3 })).toEqual({ items: [], nextCursor: null });
  });

  it('throws a server fault for a listing SQL cannot say that has no evaluation in the process', async () => {
    const reads = createListReads<Book>(books as unknown as Resource, async (query) => ({
      query,
      source: () => undefined,
      toItem: (row) => row,
      keysOf: (row) => row,
    }));
    await expect(reads.list()).rejects.toThrow('no evaluation in the process');
  });
});
