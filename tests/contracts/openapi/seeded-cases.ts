/** The requests the OpenAPI conformance suite sends the seeded demo: every route, its successes and its 4xx. */
import { expect } from 'vitest';
import { fullUser, idAt, JSON_HEADERS, newUser, post, tooLarge, type Case } from './cases';

/** The cursor of the first page of 7 of the cursor route. */
async function secondCursorPage(url: string): Promise<string> {
  const first = (await (await fetch(`${url}/users/cursor?limit=7`)).json()) as { nextCursor: string | null };
  expect(first.nextCursor).toEqual(expect.any(String));
  return `/users/cursor?limit=7&cursor=${encodeURIComponent(first.nextCursor ?? '')}`;
}

/** The `next` target of the `link` header of a searched, selected page with OR groups: a request in its turn. */
async function nextLinkTarget(url: string): Promise<string> {
  const or = encodeURIComponent(JSON.stringify([{ status: { eq: 'active' } }, { age: { gte: 50 } }]));
  const query = `search=a&select=username&or=${or}&limit=3`;
  const response = await fetch(`${url}/users?${query}`);
  await response.body?.cancel();
  const next = /<([^>]*)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  expect(next).toBe(`/users?${query}&page=2`);
  return next ?? '';
}

/** Requests to the seeded demo with a generous limiter. */
export const SEEDED_CASES: readonly Case[] = [
  { label: 'the first page', method: 'GET', target: '/users', status: 200 },
  { label: 'a page of a limit', method: 'GET', target: '/users?limit=7&page=3', status: 200 },
  {
    label: 'cont, eq and a range with a two-field sort',
    method: 'GET',
    target:
      '/users?username[operator]=cont&username[value]=a&status[eq]=active&age[gte]=30&age[lt]=60&orderBy=age,createdAt&orderDirection=DESC,ASC&limit=5&page=2',
    status: 200,
  },
  {
    label: 'in, between, a date bound and a case-insensitive suffix',
    method: 'GET',
    target:
      '/users?status[in]=active&status[in]=banned&age[between]=20&age[between]=60&createdAt[gte]=2024-01-01T00:00:00.000Z&email[endsl]=.COM&orderBy=username&orderDirection=asc',
    status: 200,
  },
  {
    label: "the spec's form with values",
    method: 'GET',
    target: '/users?status[operator]=notin&status[values]=banned&orderBy=createdAt&orderDirection=DESC&limit=3',
    status: 200,
  },
  {
    label: 'a search, a field selection and OR groups',
    method: 'GET',
    target: `/users?search=AB&select=username,age&or=${encodeURIComponent(JSON.stringify([{ status: { eq: 'active' } }, { age: { gte: 60 } }]))}&orderBy=age&limit=5`,
    status: 200,
  },
  { label: 'a selection of one field', method: 'GET', target: '/users?select=email', status: 200 },
  { label: 'a repeated search', method: 'GET', target: '/users?search=a&search=b', status: 400 },
  { label: 'a selection of an unknown field', method: 'GET', target: '/users?select=password', status: 400 },
  { label: 'OR groups with a gap', method: 'GET', target: '/users?or[0][age][gte]=1&or[2][age][lt]=9', status: 400 },
  { label: 'the page the link header names next', method: 'GET', target: nextLinkTarget, status: 200 },
  { label: 'a search of 201 characters', method: 'GET', target: `/users?search=${'a'.repeat(201)}`, status: 400 },
  { label: 'an empty selection', method: 'GET', target: '/users?select=', status: 400 },
  { label: 'a ninth OR group', method: 'GET', target: '/users?or[8][age][gte]=1', status: 400 },
  {
    label: 'an operator a field does not take in an OR group',
    method: 'GET',
    target: '/users?or[0][age][cont]=1',
    status: 400,
  },
  { label: 'an empty result', method: 'GET', target: '/users?username[cont]=%E2%9C%93nomatch', status: 200 },
  { label: 'a page past the end', method: 'GET', target: '/users?page=99', status: 200 },
  { label: 'a limit above the maximum (clamped)', method: 'GET', target: '/users?limit=5000', status: 200 },
  { label: 'a limit of 0', method: 'GET', target: '/users?limit=0', status: 400 },
  { label: 'an unknown parameter', method: 'GET', target: '/users?foo=bar', status: 400 },
  { label: 'an unsortable field', method: 'GET', target: '/users?orderBy=email', status: 400 },
  { label: 'a number filter that is not one', method: 'GET', target: '/users?age[eq]=abc', status: 400 },
  { label: 'a __proto__ parameter', method: 'GET', target: '/users?__proto__[x]=1', status: 400 },
  { label: 'a first cursor page', method: 'GET', target: '/users/cursor?limit=7', status: 200 },
  { label: 'a next cursor page', method: 'GET', target: secondCursorPage, status: 200 },
  { label: 'a filtered, sorted cursor page', method: 'GET', target: '/users/cursor?age[gte]=40&limit=4', status: 200 },
  {
    label: 'a cursor page with a search, a selection and OR groups',
    method: 'GET',
    target: `/users/cursor?search=a&select=status&or=${encodeURIComponent(JSON.stringify([{ age: { lt: 30 } }, { status: { in: ['banned', 'inactive'] } }]))}&limit=4`,
    status: 200,
  },
  { label: 'a malformed cursor', method: 'GET', target: '/users/cursor?cursor=%25%25%25', status: 400 },
  { label: 'a forged cursor', method: 'GET', target: '/users/cursor?cursor=bm90LWEtY3Vyc29y', status: 400 },
  { label: 'a record', method: 'GET', target: `/users/${idAt(0)}`, status: 200 },
  { label: 'an unknown id', method: 'GET', target: '/users/does-not-exist', status: 404 },
  post('a create (createdAt stamped by the hook, filledOnCreate)', JSON.stringify(newUser), 201),
  post('a create with createdAt', JSON.stringify({ ...fullUser, username: 'dated' }), 201),
  post('an invalid body', JSON.stringify({ username: 42, email: 'nope', status: 'x', age: -1 }), 400),
  post('a body naming the id', JSON.stringify({ ...newUser, id: 'chosen' }), 400),
  post('a body with an unknown key', JSON.stringify({ ...newUser, role: 'admin' }), 400),
  post('malformed JSON', '{"username": ', 400),
  post('a body over the limit', tooLarge, 413),
  post('a text/plain body', JSON.stringify(newUser), 415, { 'content-type': 'text/plain' }),
  post('a refused content-encoding', JSON.stringify(newUser), 415, { ...JSON_HEADERS, 'content-encoding': 'br' }),
  ...(['PUT', 'PATCH'] as const).flatMap((method, at): Case[] => {
    const id = idAt(10 + at);
    const write = (label: string, target: string, body: string, status: number, headers = JSON_HEADERS): Case => ({
      label: `${method} ${label}`,
      method,
      target,
      headers,
      body,
      status,
    });
    const good = JSON.stringify(method === 'PUT' ? fullUser : { age: 77, status: 'inactive' });
    return [
      write('of a record', `/users/${id}`, good, 200),
      write('of an unknown id', '/users/does-not-exist', good, 404),
      write(
        'of an invalid body',
        `/users/${id}`,
        JSON.stringify(method === 'PUT' ? { username: 'only' } : { age: 'old' }),
        400,
      ),
      write('changing the id', `/users/${id}`, JSON.stringify({ ...fullUser, id: 'hijack' }), 400),
      write('of a body over the limit', `/users/${id}`, tooLarge, 413),
      write('of a text/plain body', `/users/${id}`, good, 415, { 'content-type': 'text/plain' }),
    ];
  }),
  { label: 'a delete', method: 'DELETE', target: `/users/${idAt(20)}`, status: 204 },
  { label: 'a delete of an unknown id', method: 'DELETE', target: '/users/does-not-exist', status: 404 },
];
