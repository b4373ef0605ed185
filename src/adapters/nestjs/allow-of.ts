import { matchRoute, toRouteTable } from '../../http/match-route';

/** How a platform's router matches paths, when it says (Express: `caseSensitive: false`, `ignoreTrailingSlash: true`). */
export type PathMatching = { readonly caseSensitive: boolean; readonly ignoreTrailingSlash: boolean };

/**
 * The `allow` value of the route path (of the mounted `routes`, such as `defineRoutes`' results) that a request
 * path matches, as the router matches it when `matching` says how, with the edge's matcher (`matchRoute`: a fixed
 * segment before `:id`). `undefined` for a path no route has. Internal to the adapter (the filter's `routes`).
 *
 * @example
 * allowOf([users], '/users/7'); // 'GET, PUT, PATCH, DELETE'
 */
export function allowOf(routes: Parameters<typeof toRouteTable>[0], path: string, matching?: PathMatching) {
  const fold = (text: string) => (matching?.caseSensitive === false ? text.toLowerCase() : text);
  const trimmed = matching?.ignoreTrailingSlash === true && path.length > 1 ? path.replace(/\/$/, '') : path;
  const folded = (allow: ReadonlyMap<string, string>) => new Map([...allow].map(([key, value]) => [fold(key), value]));
  // No route takes the empty method: only `allow` is read.
  const table = toRouteTable(routes.map(({ allow }) => ({ path: '', routes: [], allow: folded(allow) })));
  return matchRoute(table, '', fold(trimmed))?.allow;
}
