/** How a framework's router matches paths, when it says (Express: `caseSensitive: false`, `ignoreTrailingSlash: true`). */
export interface PathMatching {
  readonly caseSensitive: boolean;
  readonly ignoreTrailingSlash: boolean;
}

/**
 * The `allow` header value of the route path a request path matches, for the 405 an adapter answers instead of a
 * 404 when a known path is asked with another method: `allows` are the `allow` maps of the mounted routes (each
 * `defineRoutes` result's, and an `OpenApiRoute`'s). A fixed path (`/users/cursor`) wins over `/:id`; matched as the
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
  const target = fold(trimmed);
  const at = target.lastIndexOf('/');
  const byId = at === -1 || at === target.length - 1 ? undefined : `${target.slice(0, at)}/:id`;
  let found: string | undefined;
  for (const each of allows) {
    for (const [pattern, allow] of each) {
      const key = fold(pattern);
      if (key === target && !pattern.endsWith('/:id')) return allow;
      if (key === byId) found ??= allow;
    }
  }
  return found;
}
