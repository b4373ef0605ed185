import { ROUTE_TABLE } from '../routes/index';
import type { Route } from '../routes/index';

/** Methods whose body an adapter reads whatever the route's row says (the writes, and RESTORE's POST as before). */
const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Whether an adapter reads a route's JSON body: for a POST, PUT or PATCH, and for any route whose route-table row
 * takes a body (`ROUTE_TABLE[type].body !== 'none'`), a DELETE with a body (`{ "ids": [...] }`) included. A GET and a
 * bodiless DELETE leave the body unread.
 *
 * @example
 * const withBody = routeReadsBody(route); // DELETE {path}/:id: false; DELETE {path}/batch: true
 */
export function routeReadsBody(route: Pick<Route, 'type' | 'method'>): boolean {
  if (WRITE_METHODS.has(route.method)) return true;
  if (route.type === 'OPENAPI') return false;
  if (!Object.hasOwn(ROUTE_TABLE, route.type)) return false;
  return ROUTE_TABLE[route.type].body !== 'none';
}

/**
 * The largest JSON body an adapter reads for a route, in bytes: the route's own `bodyLimit` when it sets one (the
 * batch routes), else the adapter's.
 *
 * @example
 * const limit = routeBodyLimit(route, 16_384);
 */
export function routeBodyLimit(route: Pick<Route, 'bodyLimit'>, adapterLimit: number): number {
  const own = route.bodyLimit;
  return typeof own === 'number' && Number.isSafeInteger(own) && own > 0 ? own : adapterLimit;
}

/**
 * The largest body limit of any mounted route (their own `bodyLimit`s and the adapter's): what an adapter that reads
 * bodies before it knows the route (NestJS's middleware) reads up to, each route then checking its own limit.
 *
 * @example
 * const readLimit = largestBodyLimit(mounts, 16_384);
 */
export function largestBodyLimit(
  mounts: readonly { readonly routes: readonly Pick<Route, 'bodyLimit'>[] }[],
  adapterLimit: number,
): number {
  let largest = adapterLimit;
  for (const { routes } of mounts)
    for (const route of routes) largest = Math.max(largest, routeBodyLimit(route, adapterLimit));
  return largest;
}
