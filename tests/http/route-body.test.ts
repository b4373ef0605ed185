import { describe, expect, it } from 'vitest';
import { type Route } from '../../src/http/index';
import { routeBodyLimit, routeReadsBody } from '../../src/http/route-body';
import { largestBodyLimit } from '../../src/http/route-body';

type RouteShape = Pick<Route, 'type' | 'method'>;

describe('routeReadsBody', () => {
  it.each<{ route: RouteShape; expected: boolean }>([
    { route: { type: 'CREATE', method: 'POST' }, expected: true },
    { route: { type: 'UPDATE', method: 'PUT' }, expected: true },
    { route: { type: 'PARTIAL_UPDATE', method: 'PATCH' }, expected: true },
    { route: { type: 'RESTORE', method: 'POST' }, expected: true },
    { route: { type: 'DELETE', method: 'DELETE' }, expected: false },
    { route: { type: 'GET', method: 'GET' }, expected: false },
    { route: { type: 'GET_LIST', method: 'GET' }, expected: false },
    { route: { type: 'OPENAPI', method: 'GET' }, expected: false },
    // A row with a body on DELETE (as DELETE_MANY will be): read by the row, not the method.
    { route: { type: 'UPDATE', method: 'DELETE' }, expected: true },
    { route: { type: 'PARTIAL_UPDATE', method: 'GET' }, expected: true },
    { route: { type: '__proto__' as never, method: 'DELETE' }, expected: false },
    { route: { type: 'constructor' as never, method: 'DELETE' }, expected: false },
  ])('returns $expected for $route.method of a $route.type row', ({ route, expected }) => {
    expect(routeReadsBody(route)).toBe(expected);
  });
});

describe('routeBodyLimit', () => {
  it.each([
    { own: undefined, expected: 16_384 },
    { own: 64, expected: 64 },
    { own: 1_048_576, expected: 1_048_576 },
    { own: 0, expected: 16_384 },
    { own: -1, expected: 16_384 },
    { own: 1.5, expected: 16_384 },
    { own: Number.NaN, expected: 16_384 },
  ])("returns $expected for a route's own limit of $own", ({ own, expected }) => {
    expect(routeBodyLimit(own === undefined ? {} : { bodyLimit: own }, 16_384)).toBe(expected);
  });
});

describe('largestBodyLimit', () => {
  it("returns the largest of the adapter's limit and every route's own", () => {
    expect(largestBodyLimit([], 100)).toBe(100);
    expect(largestBodyLimit([{ routes: [{}, { bodyLimit: 50 }] }], 100)).toBe(100);
    expect(largestBodyLimit([{ routes: [{ bodyLimit: 50 }] }, { routes: [{}, { bodyLimit: 4096 }] }], 100)).toBe(4096);
  });
});
