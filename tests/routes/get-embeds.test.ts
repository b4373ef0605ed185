import { describe, expect, it } from 'vitest';
import { defineRoutes, isHttpError } from '../../src/index';
import type { Route } from '../../src/http/index';
import { rejectionOf } from '../support/rejection-of';
import { BOOKS, createRelationServices } from '../service/relation-fixtures';

const ann = { id: 'au1', fullName: 'Ann Lee', tenant: 'a' };

function getRoute(): Route {
  const { bookService } = createRelationServices();
  const route = defineRoutes(bookService).routes.find((candidate) => candidate.type === 'GET');
  if (!route) throw new Error('no GET route');
  return route;
}
const call = (route: Route, query: unknown, id = 'b1', tenant = 'a') =>
  route.handle({ params: { id }, query, headers: {}, locals: { tenant } });

describe('ROUTE_TABLE.GET', () => {
  it.each([
    { label: 'a query string', query: '?include=author,reviews&counts=reviews' },
    { label: 'a query string without "?"', query: 'counts=reviews&include=author%2Creviews' },
    { label: 'percent-encoded names', query: 'include=au%74hor,reviews&coun%74s=reviews' },
    { label: 'URLSearchParams', query: new URLSearchParams({ include: 'author,reviews', counts: 'reviews' }) },
    { label: 'a parsed object', query: { include: 'author,reviews', counts: 'reviews' } },
    { label: 'a parsed object of arrays', query: { include: ['author,reviews'], counts: ['reviews'] } },
  ])('returns the record with its embeds and counts from $label', async ({ query }) => {
    const reply = await call(getRoute(), query);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...BOOKS[0],
      author: ann,
      reviews: [
        { id: 'r2', bookId: 'b1', rating: 5, tenant: 'a' },
        { id: 'r3', bookId: 'b1', rating: 4, tenant: 'a' },
      ],
      _count: { reviews: 3 },
    });
  });

  it.each([{ query: '' }, { query: undefined }, { query: '?' }, { query: {} }, { query: new URLSearchParams() }])(
    'returns the record alone for a query without parameters ($query)',
    async ({ query }) => {
      const reply = await call(getRoute(), query);
      expect(reply.body).toEqual(BOOKS[0]);
    },
  );

  it.each([
    { query: 'include=author,reviews&counts=reviews&limit=abc&where=1', names: ['limit', 'where'] },
    { query: '?limit=5&title=x', names: ['limit', 'title'] },
    { query: { page: '2' }, names: ['page'] },
    { query: new URLSearchParams('a=b'), names: ['a'] },
    { query: 'deleted=include', names: ['deleted'] },
  ])('throws a 400 naming each parameter the route does not know ($query)', async ({ query, names }) => {
    const error = await rejectionOf(call(getRoute(), query));
    expect(isHttpError(error) && error.statusCode).toBe(400);
    expect((error as { message: unknown }).message).toEqual(names.map((name) => `unknown parameter "${name}"`));
  });

  it('returns the related records of the caller tenant only', async () => {
    const reply = await call(getRoute(), 'include=author,reviews&counts=reviews', 'b2');
    expect(reply.body).toEqual({
      ...BOOKS[1],
      author: null,
      reviews: [{ id: 'r4', bookId: 'b2', rating: 1, tenant: 'a' }],
      _count: { reviews: 1 },
    });
  });

  it.each([
    { query: 'include=', messages: ['include must name at least one relation'] },
    { query: 'include', messages: ['include must name at least one relation'] },
    { query: 'include=author&include=author', messages: ['include: "author" is given twice'] },
    { query: { include: ['author', 'author'] }, messages: ['include: "author" is given twice'] },
    { query: { include: ['author', { a: 'b' }] }, messages: ['include must name at least one relation'] },
    { query: { include: { a: 'b' } }, messages: ['include must name at least one relation'] },
    { query: 'include=author,author', messages: ['include: "author" is given twice'] },
    { query: 'include=secret', messages: ['include: "secret" is not an includable relation'] },
    { query: 'include=authorId', messages: ['include: "authorId" is not an includable relation'] },
    { query: 'include=__proto__', messages: ['include: "__proto__" is not an includable relation'] },
    {
      query: 'include=constructor,',
      messages: ['include: "constructor" is not an includable relation', 'include: "" is not an includable relation'],
    },
    { query: 'include=%C3%A9', messages: ['include: "é" is not an includable relation'] },
    { query: 'counts=author', messages: ['counts: "author" is not a countable relation'] },
    { query: 'counts=reviews&include=x', messages: ['include: "x" is not an includable relation'] },
    { query: `include=${Array(17).fill('author').join(',')}`, messages: ['include may name at most 16 relations'] },
    { query: `include=${'a'.repeat(9000)}`, messages: ['the query string must be at most 8192 characters'] },
  ])('throws a 400 for $query', async ({ query, messages }) => {
    const error = await rejectionOf(call(getRoute(), query));
    expect(isHttpError(error) && error.statusCode).toBe(400);
    expect((error as { message: unknown }).message).toEqual(messages);
  });

  it('throws a 400 for a query object whose include cannot be read', async () => {
    const query = Object.defineProperty({}, 'include', {
      enumerable: true,
      get() {
        throw new Error('internal detail');
      },
    });
    const error = await rejectionOf(call(getRoute(), query));
    expect(isHttpError(error) && error.statusCode).toBe(400);
    expect((error as { message: unknown }).message).toEqual(['the query object could not be read']);
  });

  it('throws the 404 of a missing id for a record of another tenant, embeds or not', async () => {
    const error = await rejectionOf(call(getRoute(), 'include=author', 'b9'));
    expect(isHttpError(error) && error.statusCode).toBe(404);
  });
});
