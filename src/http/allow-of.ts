import { matchRoute, toRouteTable } from './match-route';

/** How a framework's router matches paths, when it says (Express: `caseSensitive: false`, `ignoreTrailingSlash: true`). */
export interface PathMatching {
  readonly caseSensitive: boolean;
  readonly ignoreTrailingSlash: boolean;
}

/**
 * The `allow` header value of the route path a request path matches, for the 405 an adapter answers instead of a
 * 404 when a known path is asked with another method: `allows` are the `allow` maps of the mounted routes (each
 * `defineRoutes` result's, and an `OpenApiRoute`'s). A `:id` segment matches any non-empty segment
 * (`/users/7/restore` matches `/users/:id/restore`); a fixed segment (`/users/cursor`) wins over `:id`; matched as the
 * router matches when `matching` says how. `undefined` for a path no route has.
 *
 * @example
 * allowOf([users.allow], '/users/7'); // 'GET, PUT, PATCH, DELETE'
 */
export function allowOf(
  allows: readonly ReadonlyMap<string, string>[],
  path: string,
  matching?: PathMatching,
): string | undefined {
  const fold = (text: string) => (matching?.caseSensitive === false ? text.toLowerCase() : text);
  const trimmed = matching?.ignoreTrailingSlash === true && path.length > 1 ? path.replace(/\/$/, '') : path;
  // The edge's own matcher, on the patterns alone (no route takes the empty method: only `allow` is read).
  const mounts = allows.map((each) => ({
    path: '',
    routes: [],
    allow: new Map([...each].map(([pattern, allow]) => [fold(pattern), allow])),
  }));
  return matchRoute(toRouteTable(mounts), '', fold(trimmed))?.allow;
}
