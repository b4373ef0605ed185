import { describe, expect, it } from 'vitest';
import { defineRoutes, isHttpError, type RouteType } from '../../src/index';
import type { Route } from '../../src/http/index';
import { rejectionOf } from '../support/rejection-of';
import { createRelationServices } from '../service/relation-fixtures';

const ann = { id: 'au1', fullName: 'Ann Lee', tenant: 'a' };

function routeOf(type: RouteType): Route {
  const { bookService } = createRelationServices();
  const route = defineRoutes(bookService).routes.find((candidate) => candidate.type === type);
  if (!route) throw new Error(`no ${type} route`);
  return route;
}
const call = (route: Route, query: string, tenant = 'a') =>
  route.handle({ params: {}, query, headers: {}, locals: { tenant } });
const summary = (body: unknown) =>
  (body as { items: Record<string, unknown>[] }).items.map((item) => [item.id, item.author, item._count]);

describe('ROUTE_TABLE.GET_LIST and GET_LIST_CURSOR with include and counts', () => {
  it.each(['GET_LIST', 'GET_LIST_CURSOR'] as const)(
    'returns the %s items with their embeds, within the scopes',
    async (type) => {
      const reply = await call(routeOf(type), '?include=author&counts=reviews&limit=2&title[in]=One&title[in]=Two');
      expect(summary(reply.body)).toEqual([
        ['b1', ann, { reviews: 3 }],
        ['b2', null, { reviews: 1 }],
      ]);
    },
  );

  it.each(['GET_LIST', 'GET_LIST_CURSOR'] as const)(
    'returns the %s items of a relation filter, the embeds whole',
    async (type) => {
      const reply = await call(routeOf(type), 'reviews.rating[eq]=3&include=reviews');
      const items = (reply.body as { items: Record<string, unknown>[] }).items;
      expect(items.map((item) => [item.id, (item.reviews as { id: string }[]).map((r) => r.id)])).toEqual([
        ['b1', ['r2', 'r3']],
      ]);
    },
  );

  it.each([
    { query: 'include=secret', message: 'include: "secret" is not an includable relation' },
    { query: 'counts=author', message: 'counts: "author" is not a countable relation' },
    { query: 'author.secret[eq]=x1', message: 'author.secret[eq]: "author.secret" is not a filterable field' },
  ])('throws a 400 for $query', async ({ query, message }) => {
    const error = await rejectionOf(call(routeOf('GET_LIST'), query));
    expect(isHttpError(error) && error.statusCode).toBe(400);
    expect((error as { message: unknown }).message).toContain(message);
  });
});
