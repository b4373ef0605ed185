import type { Route } from '../routes/index';
import type { MountableRoutes } from './mountable-routes';
import { decodeRecordId } from './route-reply-headers';

/** One path pattern of a mount, as {@link matchRoute} compares it: its segments, its `allow`, its route per method. */
interface PatternEntry {
  readonly segments: readonly string[];
  /** The index of the `:id` segment, or -1. */
  readonly idAt: number;
  readonly allow: string;
  readonly byMethod: ReadonlyMap<string, Route>;
}

/** The path patterns of every mount, compiled once by {@link toRouteTable}. */
export interface RouteTable {
  readonly entries: readonly PatternEntry[];
}

/** What a request's method and path match: the route and its record id, or only the path's `allow` (a 405). */
export interface RouteMatch {
  /** The route of the method (HEAD takes GET's), or `undefined` when the path does not take the method. */
  readonly route: Route | undefined;
  /** The record id of a `/:id` route, percent-decoded once. */
  readonly id: string | undefined;
  /** The `allow` header value of the path. */
  readonly allow: string;
}

/**
 * Compiles the path patterns of the mounts for {@link matchRoute}: a literal segment (`/users/cursor`) is tried
 * before the `:id` it would fill, the mounts' order kept among equals.
 *
 * @example
 * const table = toRouteTable(mounts);
 */
export function toRouteTable(mounts: readonly MountableRoutes[]): RouteTable {
  const entries: PatternEntry[] = [];
  for (const mount of mounts) {
    for (const [pattern, allow] of mount.allow) {
      const byMethod = new Map<string, Route>();
      for (const route of mount.routes) if (route.path === pattern) byMethod.set(route.method, route);
      const get = byMethod.get('GET');
      if (get !== undefined && !byMethod.has('HEAD')) byMethod.set('HEAD', get);
      const segments = pattern.split('/');
      entries.push({ segments, idAt: segments.indexOf(':id'), allow, byMethod });
    }
  }
  entries.sort((a, b) => Number(a.idAt !== -1) - Number(b.idAt !== -1));
  return { entries };
}

/**
 * The route a request's method and path (as sent, below the mount point) match: exactly, case-sensitive, no trailing
 * slash; a `:id` segment takes any non-empty segment. `undefined` for a path no route has (a 404).
 *
 * @throws HttpError 400 for a record id with malformed percent-encoding.
 * @example
 * matchRoute(table, 'PATCH', '/users/cursor'); // { route: undefined, id: undefined, allow: 'GET' }
 */
export function matchRoute(table: RouteTable, method: string, path: string): RouteMatch | undefined {
  const target = path.split('/');
  for (const { segments, idAt, allow, byMethod } of table.entries) {
    if (segments.length !== target.length || !sameSegments(segments, target, idAt)) continue;
    const route = byMethod.get(method);
    return { route, id: idAt === -1 || route === undefined ? undefined : decodeRecordId(`/${target[idAt]!}`), allow };
  }
  return undefined;
}

function sameSegments(pattern: readonly string[], target: readonly string[], idAt: number): boolean {
  for (let index = 0; index < pattern.length; index++) {
    if (index === idAt ? target[index] === '' : pattern[index] !== target[index]) return false;
  }
  return true;
}
