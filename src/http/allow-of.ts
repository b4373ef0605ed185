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
  const target = fold(trimmed).split('/');
  let found: string | undefined;
  let fewest = Infinity;
  for (const each of allows) {
    for (const [pattern, allow] of each) {
      const params = paramsMatched(fold(pattern).split('/'), target);
      if (params !== undefined && params < fewest) {
        found = allow;
        fewest = params;
      }
    }
  }
  return found;
}

/** How many `:id` segments of the pattern the path's segments fill, or `undefined` when it does not match. */
function paramsMatched(pattern: readonly string[], target: readonly string[]): number | undefined {
  if (pattern.length !== target.length) return undefined;
  let params = 0;
  for (let index = 0; index < pattern.length; index++) {
    const part = pattern[index]!;
    const given = target[index]!;
    if (part.startsWith(':') && given !== '') params++;
    else if (part !== given) return undefined;
  }
  return params;
}
