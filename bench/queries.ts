import type { ListInput } from 'pagelope';
import type { User } from '../examples/shared/users';

/** A sort key of the peers: one field and its direction. */
export interface SortKey {
  readonly field: 'createdAt' | 'age' | 'id';
  readonly direction: 'asc' | 'desc';
}

/** One list query of the issue, written in every implementation's own grammar. */
export interface BenchQuery {
  readonly id: 'q1' | 'q2' | 'q3' | 'q4';
  readonly label: string;
  /** pagelope's programmatic input for `repository.list`. */
  readonly input: ListInput<User>;
  /** pagelope's HTTP grammar. */
  readonly http: string;
  readonly page: number;
  readonly limit: number;
  /** The filter as a plain predicate (naive, lodash, floor), or none. */
  readonly match: ((user: User) => boolean) | undefined;
  /**
   * The peers' sort keys: the field, then the id where the field has ties (age), as pagelope's id tie-breaker does;
   * `createdAt` is unique in the seed, so it needs none (each table checks that the pages are the same).
   */
  readonly sort: readonly SortKey[];
  /** The filter in mingo's (MongoDB) grammar. */
  readonly mingo: Record<string, unknown>;
  /** The query in json-server 0.17's grammar, as Express would parse it into `req.query`. */
  readonly jsonServer: Readonly<Record<string, string>>;
  /** Whether the issue gives this query a linear-scan floor (only the filtered ones). */
  readonly floor: boolean;
}

const DESC_CREATED: readonly SortKey[] = [{ field: 'createdAt', direction: 'desc' }];

/** q1..q4 exactly as in the issue. */
export const QUERIES: readonly BenchQuery[] = [
  {
    id: 'q1',
    label: "username cont 'ab', createdAt DESC, page 3, limit 20, with total",
    input: {
      where: { username: { cont: 'ab' } },
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
      page: 3,
      limit: 20,
    },
    http: 'username[operator]=cont&username[value]=ab&orderBy=createdAt&orderDirection=DESC&page=3&limit=20',
    page: 3,
    limit: 20,
    match: (user) => user.username.includes('ab'),
    sort: DESC_CREATED,
    mingo: { username: { $regex: 'ab' } },
    jsonServer: { username_like: 'ab', _sort: 'createdAt', _order: 'desc', _page: '3', _limit: '20' },
    floor: true,
  },
  {
    id: 'q2',
    label: 'no filter, createdAt DESC, page 1, limit 10',
    input: { orderBy: [{ field: 'createdAt', direction: 'desc' }], page: 1, limit: 10 },
    http: 'orderBy=createdAt&orderDirection=DESC&page=1&limit=10',
    page: 1,
    limit: 10,
    match: undefined,
    sort: DESC_CREATED,
    mingo: {},
    jsonServer: { _sort: 'createdAt', _order: 'desc', _page: '1', _limit: '10' },
    floor: false,
  },
  {
    id: 'q3',
    label: 'no filter, createdAt DESC, page 5000, limit 20',
    input: { orderBy: [{ field: 'createdAt', direction: 'desc' }], page: 5000, limit: 20 },
    http: 'orderBy=createdAt&orderDirection=DESC&page=5000&limit=20',
    page: 5000,
    limit: 20,
    match: undefined,
    sort: DESC_CREATED,
    mingo: {},
    jsonServer: { _sort: 'createdAt', _order: 'desc', _page: '5000', _limit: '20' },
    floor: false,
  },
  {
    id: 'q4',
    label: "status eq 'active', age ASC, page 1, limit 50",
    input: { where: { status: { eq: 'active' } }, orderBy: [{ field: 'age', direction: 'asc' }], page: 1, limit: 50 },
    http: 'status[eq]=active&orderBy=age&orderDirection=ASC&page=1&limit=50',
    page: 1,
    limit: 50,
    match: (user) => user.status === 'active',
    sort: [
      { field: 'age', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ],
    mingo: { status: 'active' },
    jsonServer: { status: 'active', _sort: 'age,id', _order: 'asc,asc', _page: '1', _limit: '50' },
    floor: true,
  },
];

/** W3's sorted page without filters (pagelope grammar, then json-server's). */
export const HTTP_SORTED = {
  id: 'sorted',
  label: 'no filter, createdAt DESC, page 3, limit 20',
  pagelope: 'orderBy=createdAt&orderDirection=DESC&page=3&limit=20',
  jsonServer: '_sort=createdAt&_order=desc&_page=3&_limit=20',
} as const;

/** W3's `cont` query q1 (pagelope grammar, then json-server's). */
export const HTTP_Q1 = {
  id: 'q1',
  label: "q1: username cont 'ab', createdAt DESC, page 3, limit 20",
  pagelope: 'username[operator]=cont&username[value]=ab&orderBy=createdAt&orderDirection=DESC&page=3&limit=20',
  jsonServer: 'username_like=ab&_sort=createdAt&_order=desc&_page=3&_limit=20',
} as const;
