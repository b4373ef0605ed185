/** Page and cursor walks: every record a query lists, with the metadata of each page checked on the way. */
import type { CursorPage, OrderTerm, Repository, Where } from 'pagelope';
import type { ScopeOptions } from 'pagelope/kit';
import { expect } from 'vitest';

/**
 * Walks `list` page by page and returns every record, checking the metadata of each page. A `scope` in the query is
 * passed as the scope option of every call; `search` and `select` are passed on with the rest of the query.
 */
export async function walkPages<TRecord extends { readonly id: string }>(
  repository: Repository<TRecord>,
  query: {
    where?: Where<TRecord> | undefined;
    orderBy?: readonly OrderTerm<keyof TRecord & string>[] | undefined;
    limit: number;
    scope?: Where<TRecord> | undefined;
    search?: string | undefined;
    select?: readonly (keyof TRecord & string)[] | undefined;
  },
): Promise<{ records: TRecord[]; total: number }> {
  const { scope, ...listQuery } = query;
  const options: ScopeOptions<TRecord> = { scope };
  const records: TRecord[] = [];
  const first = await repository.list({ ...listQuery, page: 1 }, options);
  const { total, totalPages } = first;
  expect(totalPages).toBe(total === 0 ? 0 : Math.ceil(total / query.limit));
  for (let page = 1; page <= Math.max(totalPages, 1); page++) {
    const result = page === 1 ? first : await repository.list({ ...listQuery, page }, options);
    expect(result).toMatchObject({ total, totalPages, page, limit: query.limit });
    expect(result.hasNextPage).toBe(page < totalPages);
    expect(result.hasPreviousPage).toBe(page > 1);
    expect(result.items).toHaveLength(Math.max(0, Math.min(query.limit, total - (page - 1) * query.limit)));
    records.push(...result.items);
  }
  const past = await repository.list({ ...listQuery, page: totalPages + 1 }, options);
  expect(past).toMatchObject({ items: [], total, totalPages, page: totalPages + 1, hasNextPage: false });
  return { records, total };
}

/**
 * Walks `listByCursor` until `nextCursor` is null and returns every record. A `scope` in the query is passed as the
 * scope option of every call.
 */
export async function walkCursor<TRecord extends { readonly id: string }>(
  repository: Repository<TRecord>,
  query: {
    where?: Where<TRecord> | undefined;
    orderBy?: readonly OrderTerm<keyof TRecord & string>[] | undefined;
    limit?: number;
    scope?: Where<TRecord> | undefined;
    search?: string | undefined;
    select?: readonly (keyof TRecord & string)[] | undefined;
  },
  maxPages: number,
): Promise<TRecord[]> {
  const { scope, ...cursorQuery } = query;
  const records: TRecord[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages <= maxPages; pages++) {
    // Annotated: the call is generic (its items follow `select`), and `cursor` depends on the previous page.
    const page: CursorPage<TRecord> = await repository.listByCursor({ ...cursorQuery, cursor }, { scope });
    records.push(...page.items);
    if (page.nextCursor === null) return records;
    expect(typeof page.nextCursor).toBe('string');
    expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(page.items).toHaveLength(query.limit ?? 20);
    cursor = page.nextCursor;
  }
  throw new Error(`the cursor walk did not end within ${maxPages} pages`);
}
