import { normalizeInput, type NormalizedQuery } from '../query/index';
import type { Resource } from '../resource/index';

/** Options of {@link normalizeListInput} and {@link normalizeCursorInput}. */
export interface NormalizeOptions {
  /**
   * The request scope (a programmatic `where`, as `ScopeOptions.scope` passes it to a repository): ANDed into the
   * query's groups, and a cursor must have been issued under the same scope.
   */
  readonly scope?: unknown;
  /**
   * The relation bindings (as `ScopeOptions.relations` passes them to a repository): the scope of every relation the
   * query's filter or order reads is normalized against the related resource into `relationScopes`, and a cursor must
   * have been issued under the same related scopes. Only `scope` of each binding is read here.
   */
  readonly relations?: Readonly<Record<string, { readonly scope?: unknown } | undefined>> | undefined;
}

/**
 * Validates a repository's `list` input for `resource` and returns the frozen {@link NormalizedQuery} a storage
 * adapter compiles: defaults applied (order, limit, page), limits checked, the filter normalized to OR-of-AND groups
 * with the scope ANDed in, the search and selection resolved. A query `parseListQuery` returned is taken as it is.
 *
 * @throws HttpError 400 with one message per problem; Error (a server fault) when `scope` or a related scope is not a
 * valid `where`, or when the query reads a relation that `relations` does not bind.
 * @example
 * const query = normalizeListInput({ where: { age: { gte: 18 } }, limit: 10 }, users, { scope: { tenant: 't1' } });
 * query.groups; // [[{ field: 'age', op: 'gte', value: 18, ... }, { field: 'tenant', op: 'eq', value: 't1', ... }]]
 */
export function normalizeListInput<TRecord>(
  input: unknown,
  resource: Resource<TRecord>,
  options: NormalizeOptions = {},
): NormalizedQuery {
  return normalizeInput(input, resource as unknown as Resource, 'page', options.scope, options.relations);
}

/**
 * {@link normalizeListInput} for `listByCursor`: the order always ends with the id, `page` is 1, the default limit is
 * the cursor route's, and a given `cursor` is decoded into `after` (checked against this filter, order, search and
 * scope).
 *
 * @throws HttpError 400 for bad input or a cursor issued for another query; Error as {@link normalizeListInput} says.
 */
export function normalizeCursorInput<TRecord>(
  input: unknown,
  resource: Resource<TRecord>,
  options: NormalizeOptions = {},
): NormalizedQuery {
  return normalizeInput(input, resource as unknown as Resource, 'cursor', options.scope, options.relations);
}
