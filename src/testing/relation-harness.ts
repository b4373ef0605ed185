/**
 * What the relation rules share: the three repositories of a world, the options binding the books' relations to
 * them under scopes, and page and cursor walks of the books through those bindings.
 */
import type { CursorPage, PageResult, Repository } from 'pagelope';
import type { ScopeOptions } from 'pagelope/kit';
import { expect } from 'vitest';
import type { RepositoryFactory } from './contract-context';
import {
  type Author,
  authors,
  type Book,
  books,
  type RelationScopes,
  type RelationWorld,
  type Review,
  reviews,
} from './relation-fixtures';

/** The repositories of one world, made by the user's factory. */
export interface WorldRepositories {
  readonly authors: Repository<Author>;
  readonly books: Repository<Book>;
  readonly reviews: Repository<Review>;
}

/** Makes the repositories of a world: the related ones first, on the same store when the factory shares one. */
export async function openWorld(make: RepositoryFactory, world: RelationWorld): Promise<WorldRepositories> {
  const authorRepository = await make(authors, world.authors);
  const reviewRepository = await make(reviews, world.reviews);
  const bookRepository = await make(books, world.books);
  return { authors: authorRepository, books: bookRepository, reviews: reviewRepository };
}

/** The scope option of a books call and the bindings of both relations, each to its repository and scope. */
export function bindingsOf(repositories: WorldRepositories, scopes: RelationScopes): ScopeOptions<unknown> {
  return {
    scope: scopes.books,
    relations: {
      author: { repository: repositories.authors as Repository<unknown>, scope: scopes.authors },
      reviews: { repository: repositories.reviews as Repository<unknown>, scope: scopes.reviews },
    },
  };
}

/** A books query with relation terms, which the typed `where` does not describe yet: passed through as it is. */
export type LooseQuery = Readonly<Record<string, unknown>>;
type LooseList = (query: LooseQuery, options?: ScopeOptions<unknown>) => Promise<PageResult<Book>>;
type LooseCursor = (query: LooseQuery, options?: ScopeOptions<unknown>) => Promise<CursorPage<Book>>;

/** `books.list` with a query holding relation terms. */
export const listBooks = (repository: Repository<Book>, query: LooseQuery, options?: ScopeOptions<unknown>) =>
  (repository.list.bind(repository) as unknown as LooseList)(query, options);

/** `books.listByCursor` with a query holding relation terms. */
export const listBooksByCursor = (repository: Repository<Book>, query: LooseQuery, options?: ScopeOptions<unknown>) =>
  (repository.listByCursor.bind(repository) as unknown as LooseCursor)(query, options);

/** Anything that lists books by page: a repository's `list` bound to options, or a service's. */
export type PageLister = (query: LooseQuery) => Promise<PageResult<Record<string, unknown>>>;
/** Anything that lists books by cursor. */
export type CursorLister = (query: LooseQuery) => Promise<CursorPage<Record<string, unknown>>>;

/** Walks every page of a listing, checking each page's metadata, and returns the items and the total. */
export async function walkBookPages(
  list: PageLister,
  query: LooseQuery,
  limit: number,
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const first = await list({ ...query, limit, page: 1 });
  const { total, totalPages } = first;
  expect(totalPages).toBe(total === 0 ? 0 : Math.ceil(total / limit));
  const items = [...first.items];
  for (let page = 2; page <= totalPages; page++) {
    const result = await list({ ...query, limit, page });
    expect(result).toMatchObject({ total, totalPages, page });
    items.push(...result.items);
  }
  expect(items).toHaveLength(total);
  return { items, total };
}

/** Walks a cursor listing until `nextCursor` is null and returns every item. */
export async function walkBookCursor(
  list: CursorLister,
  query: LooseQuery,
  limit: number,
  maxPages: number,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages <= maxPages; pages++) {
    const page: CursorPage<Record<string, unknown>> = await list({ ...query, limit, cursor });
    items.push(...page.items);
    if (page.nextCursor === null) return items;
    expect(page.items).toHaveLength(limit);
    cursor = page.nextCursor;
  }
  throw new Error(`the cursor walk did not end within ${maxPages} pages`);
}

/** The ids of items, in order. */
export const idsOfItems = (items: readonly Record<string, unknown>[]): unknown[] => items.map((item) => item['id']);
