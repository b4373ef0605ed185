/**
 * The client's `total` option on `list`: sent as `total=`, refused by `toQueryString` when it is not a mode, and pages
 * of every mode read back (null totals, `totalRelation`); refine's `getList` asks with `meta.total` and answers a
 * number for a page without a total.
 */
import { describe, expect, it } from 'vitest';
import { toQueryString } from 'pagelope/client';
import { dataProvider } from 'pagelope/refine';
import { json } from './fake-fetch';
import { BASE, notesOf } from './lifecycle-notes';

const none = { items: [{ id: 'n1', title: 't', deletedAt: null, version: 1 }], total: null, page: 2, limit: 1 };
const nonePage = { ...none, totalPages: null, hasNextPage: true, hasPreviousPage: true };
const approxPage = {
  ...none,
  total: 1001,
  totalPages: 1001,
  hasNextPage: true,
  hasPreviousPage: true,
  totalRelation: 'approx',
};

describe('ResourceClient list total', () => {
  it.each([
    ['none', nonePage],
    ['estimated', approxPage],
  ] as const)('sends total=%s and reads the page back', async (mode, page) => {
    const { notes, calls } = notesOf(() => json(200, page));
    const result = await notes.list({ page: 2, limit: 1, total: mode });
    expect(new URL(calls[0]?.url ?? '').searchParams.get('total')).toBe(mode);
    expect(result).toStrictEqual(page);
  });

  it.each([
    ['a total without totalPages null', { ...nonePage, totalPages: 3 }],
    ['an unknown totalRelation', { ...approxPage, totalRelation: 'gte' }],
    ['a negative total', { ...approxPage, total: -1 }],
  ])('refuses a page with %s as an unexpected response', async (_name, page) => {
    const { notes } = notesOf(() => json(200, page));
    await expect(notes.list({ total: 'none' })).rejects.toThrow();
  });

  it.each(['maybe', '', '__proto__', 1, null])('toQueryString refuses total %j', (total) => {
    expect(() => toQueryString({ total } as never)).toThrow(TypeError);
  });

  it('toQueryString writes total last', () => {
    expect(toQueryString({ limit: 5, total: 'estimated' })).toBe('limit=5&total=estimated');
  });
});

describe('refine getList with meta.total', () => {
  it('sends meta.total and answers the rows known to exist, one more with a next page, for a null total', async () => {
    const urls: string[] = [];
    const provider = dataProvider(BASE, {
      fetch: async (url: string | URL | Request) => {
        urls.push(String(url));
        return json(200, nonePage);
      },
    });
    const result = await provider.getList({
      resource: 'notes',
      pagination: { currentPage: 2, pageSize: 1 },
      meta: { total: 'none' },
    });
    expect(new URL(urls[0] ?? '').searchParams.get('total')).toBe('none');
    expect(result.total).toBe(3);
    await expect(
      provider.getList({ resource: 'notes', pagination: { currentPage: 1, pageSize: 1 }, meta: { total: 'all' } }),
    ).rejects.toThrow(/meta.total/);
  });

  it('passes an estimated total and its totalRelation on', async () => {
    const provider = dataProvider(BASE, { fetch: async () => json(200, approxPage) });
    const result = await provider.getList({ resource: 'notes', pagination: { currentPage: 2, pageSize: 1 } });
    expect(result).toMatchObject({ total: 1001, totalRelation: 'approx' });
  });
});
