/**
 * The pages W3's bare routes answer, computed once at start-up by a hand-written list (filter + full sort + slice),
 * and the check that an adapter app answers the very same body for the same query string.
 */
import { toPageResult } from 'pagelope/kit';
import type { User } from '../examples/shared/users';
import { HTTP_Q1, HTTP_SORTED } from './queries';

type Query = Readonly<Record<string, string | undefined>>;

/** A hand-written list route: the parameters of the pagelope grammar it needs, then filter + full sort + slice. */
export function naivePage(records: readonly User[], query: Query): unknown {
  const limit = Math.min(Math.max(Number(query['limit'] ?? 10) || 10, 1), 100);
  const page = Math.max(Number(query['page'] ?? 1) || 1, 1);
  // The floors' sort fields (id, username, age, createdAt) are never null.
  const field = (query['orderBy'] ?? 'id') as Exclude<keyof User, 'deletedAt'>;
  const sign = query['orderDirection'] === 'DESC' ? -1 : 1;
  let matching: User[] = records.slice();
  for (const name of ['username', 'email'] as const) {
    const operator = query[`${name}[operator]`];
    const value = query[`${name}[value]`];
    if (operator === 'cont' && value !== undefined) matching = matching.filter((user) => user[name].includes(value));
    else if (operator === 'eq' && value !== undefined) matching = matching.filter((user) => user[name] === value);
  }
  matching.sort((a, b) => {
    const x = a[field] instanceof Date ? (a[field] as Date).getTime() : a[field];
    const y = b[field] instanceof Date ? (b[field] as Date).getTime() : b[field];
    return x < y ? -sign : x > y ? sign : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const offset = (page - 1) * limit;
  return toPageResult(matching.slice(offset, offset + limit), { total: matching.length, page, limit });
}

/** The floors' page objects (same shape as pagelope's) by raw query string, for W3's two queries. */
export function floorPages(records: readonly User[]): Map<string, unknown> {
  const pages = new Map<string, unknown>();
  for (const query of [HTTP_SORTED, HTTP_Q1]) {
    pages.set(query.pagelope, naivePage(records, Object.fromEntries(new URLSearchParams(query.pagelope))));
  }
  return pages;
}

/**
 * Checks that `GET {url}/users?{query}` answers 200 with the body every floor sends for that query string: the page
 * object as `JSON.stringify` writes it, byte for byte (only the headers may differ).
 * @throws Error naming the server and the first differing character when the bodies differ.
 */
export async function assertSamePage(name: string, url: string, query: string, page: unknown): Promise<void> {
  const response = await fetch(`${url}/users?${query}`);
  const body = await response.text();
  const expected = JSON.stringify(page);
  if (response.status === 200 && body === expected) return;
  let at = 0;
  while (at < body.length && body[at] === expected[at]) at++;
  throw new Error(
    `W3: ${name} answered ${response.status} with another body than the floor's for ?${query}, from character ${at}: ` +
      `${JSON.stringify(body.slice(at, at + 80))} instead of ${JSON.stringify(expected.slice(at, at + 80))}`,
  );
}
