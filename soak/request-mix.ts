/** What one soak request does, and the status it must get when nothing fails. */
export type RequestKind = 'list' | 'invalid' | 'get' | 'create' | 'delete';

/** The status each kind of request gets when the service works. */
export const EXPECTED_STATUS: Readonly<Record<RequestKind, number>> = {
  list: 200,
  invalid: 400,
  get: 200,
  create: 201,
  delete: 204,
};

/** Share of each kind in the mix; a delete with no created record left to delete becomes a list. */
export const MIX: readonly (readonly [RequestKind, number])[] = [
  ['list', 35],
  ['invalid', 15],
  ['get', 10],
  ['create', 20],
  ['delete', 20],
];

/** Valid list and cursor requests (each answered 200). */
export const VALID_LISTS: readonly string[] = [
  '/users',
  '/users?limit=20&page=3',
  '/users?status[eq]=active&orderBy=age&orderDirection=DESC&limit=10',
  '/users?username[cont]=ka&limit=5',
  '/users?username[operator]=starts&username[value]=mo&orderBy=username',
  '/users?age[gte]=30&age[lt]=50&orderBy=age&page=2',
  '/users?createdAt[gt]=2024-01-01T10:00:00Z&orderBy=createdAt&orderDirection=ASC&limit=50',
  '/users?limit=5000',
  '/users/cursor?limit=20',
  '/users/cursor?status[eq]=banned&orderBy=age&limit=10',
];

/** Invalid list requests (each answered 400 with an envelope). */
export const INVALID_LISTS: readonly string[] = [
  '/users?limit=abc',
  '/users?page=0',
  '/users?orderBy=password',
  '/users?email[regex]=x',
  '/users?nosuchfield=1',
  '/users?age[gt]=old',
  '/users?limit=%E0%A4%A',
  '/users?__proto__[status]=active',
  '/users?orderDirection=sideways',
  '/users?limit=1&limit=2',
];
