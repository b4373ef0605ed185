/**
 * The path patterns of a resource's `allow` map (`ResourceRoutes.allow`) in the order an adapter registers them:
 * patterns with fewer `:id` segments first, the given order kept among equals. A literal segment (`/users/cursor`,
 * `/users/batch`) is then registered before the `/:id` pattern it would otherwise match as an id, for routers that
 * match in registration order (Express; Nest on Express).
 *
 * @example
 * toMountOrder(users.allow); // [['/users', ...], ['/users/cursor', ...], ['/users/:id', ...], ['/users/:id/restore', ...]]
 */
export function toMountOrder(allow: ReadonlyMap<string, string>): readonly (readonly [string, string])[] {
  return [...allow].sort(([a], [b]) => paramCount(a) - paramCount(b));
}

/** How many segments of a path pattern are parameters (`:id`). */
function paramCount(pattern: string): number {
  let count = 0;
  for (const segment of pattern.split('/')) if (segment.startsWith(':')) count++;
  return count;
}

/**
 * The methods of the `/:id` pattern beside a literal one (`/users/:id` beside `/users/cursor`) that the literal
 * pattern does not take: an adapter whose router matches in order declares them as 405s on the literal pattern, so
 * that `PATCH /users/cursor` never updates the record `cursor`. None for a pattern holding `:id` or without such a
 * sibling.
 *
 * @example
 * siblingIdMethods(users.allow, '/users/cursor'); // ['PUT', 'PATCH', 'DELETE']
 */
export function siblingIdMethods(allow: ReadonlyMap<string, string>, pattern: string): readonly string[] {
  const taken = allow.get(pattern);
  const byId = pattern.includes(':') ? undefined : allow.get(`${pattern.slice(0, pattern.lastIndexOf('/'))}/:id`);
  if (taken === undefined || byId === undefined) return [];
  const own = taken.split(', ');
  return byId.split(', ').filter((method) => !own.includes(method));
}
