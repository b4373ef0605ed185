import { QUERY_LIMITS } from '../fields/index';
import { resolvePagination, type PaginationOptions, type Resource } from './define-resource';

const bases = new WeakMap<object, Resource>();
const cursorDefaults = new WeakMap<object, number>();

/**
 * A view of `resource` with one route's page-size settings merged over the resource's (for a cursor route, over its
 * default limit of 20). Queries parsed for the view are accepted by the resource's repositories as their own.
 *
 * @throws TypeError when the merged settings are invalid (a default above the maximum, an unknown key, ...).
 */
export function withRoutePagination(
  resource: Resource,
  override: PaginationOptions,
  mode: 'page' | 'cursor',
  label: string,
): Resource {
  const own = resource.pagination;
  const base =
    mode === 'page'
      ? own
      : { ...own, defaultLimit: Math.min(QUERY_LIMITS.cursorDefaultLimit, override.maxLimit ?? own.maxLimit) };
  const pagination = resolvePagination(resource.name, override, base, label);

  const view = Object.freeze({ ...resource, pagination }) as Resource;
  bases.set(view, baseResource(resource));
  if (mode === 'cursor') cursorDefaults.set(view, pagination.defaultLimit);
  return view;
}

/** The resource a route view was made from (the resource itself when it is none). */
export function baseResource(resource: Resource): Resource {
  return bases.get(resource) ?? resource;
}

/** The default `limit` of a cursor listing of `resource`: a cursor route's own, else 20 bounded by `maxLimit`. */
export function cursorDefaultLimit(resource: Resource): number {
  return cursorDefaults.get(resource) ?? Math.min(QUERY_LIMITS.cursorDefaultLimit, resource.pagination.maxLimit);
}
