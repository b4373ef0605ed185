/** Characters `path-to-regexp` (Express 5's route syntax) reads as syntax. */
const ROUTE_SYNTAX = /[()[\]{}?+!*:\\]/g;

/**
 * The Express route path of a path pattern below `base`: the base path with its syntax characters escaped, then the
 * pattern's suffix (`:id` kept as a parameter). With `base` equal to `pattern`, the whole path is matched literally.
 * Internal to the adapter.
 *
 * @example
 * toRoutePath('/files(v1)', '/files(v1)/:id'); // '/files\\(v1\\)/:id'
 */
export function toRoutePath(base: string, pattern: string): string {
  const prefix = base === '/' ? '' : base;
  return prefix.replace(ROUTE_SYNTAX, '\\$&') + pattern.slice(prefix.length);
}
