import type { Resource } from '../../resource/index';
import { CURSOR_MISMATCH, decodeCursor, scopeTagOf } from '../../pagination/index';
import { fingerprintOf, recall, type NormalizedQuery } from './normalized-query';
import { normalizeOrder } from './normalize-order';
import { normalizeWhere } from './normalize-where';
import { Problems, badRequest, quote } from '../../errors/index';
import { andGroups, normalizeScope } from './normalize-scope';
import { resolvePageLimits } from './page-limits';
import { resolveSearch, resolveSelect } from './search-and-select';

const LIST_KEYS = new Set(['where', 'limit', 'page', 'orderBy', 'search', 'select']);
const CURSOR_KEYS = new Set(['where', 'limit', 'cursor', 'orderBy', 'search', 'select']);

/**
 * Validates programmatic `list` (mode `'page'`) or `listByCursor` (mode `'cursor'`) input. A query object that
 * `parseListQuery` or `parseCursorQuery` returned is taken as it is. A `scope` (a programmatic `where`) is ANDed
 * in, and a cursor must have been issued under the same scope (or none, when there is none).
 *
 * @throws HttpError 400 with one message per problem; Error (a server fault) when `scope` is not a valid `where`.
 */
export function normalizeInput(
  input: unknown,
  resource: Resource,
  mode: 'page' | 'cursor',
  scope?: unknown,
): NormalizedQuery {
  return applyScope(normalizeQuery(input, resource, mode), scope, resource);
}

function normalizeQuery(input: unknown, resource: Resource, mode: 'page' | 'cursor'): NormalizedQuery {
  const known = recall(input, resource, mode);
  if (known) return known;
  const problems = new Problems();
  const options = (input ?? {}) as Record<string, unknown>;
  if (typeof options !== 'object' || Array.isArray(options)) {
    problems.add('the list options must be an object');
    problems.throwIfAny();
  }
  const keys = mode === 'page' ? LIST_KEYS : CURSOR_KEYS;
  for (const key of Object.keys(options)) {
    if (!keys.has(key) && options[key] !== undefined) problems.add(`unknown option ${quote(key)}`);
  }
  const groups = normalizeWhere(options.where, resource, problems);
  const order = normalizeOrder(options.orderBy, resource, problems) ?? resource.defaultOrder;
  const { limit, page } = resolvePageLimits({ limit: options.limit, page: options.page }, resource, {
    mode,
    fromText: false,
    problems,
  });
  const search = resolveSearch(options.search, resource, problems) ?? null;
  // Server code may select any field of the schema; the service refuses hidden ones for its callers.
  const select = resolveSelect(options.select, resource, false, false, problems) ?? null;
  problems.throwIfAny();
  return finishQuery(
    { page, limit, groups, order, search, select },
    mode === 'cursor' ? options.cursor : undefined,
    resource,
  );
}

/**
 * Completes a query: for a cursor query, decodes the cursor against the query's filter and order.
 *
 * @throws HttpError 400 for a malformed cursor or one issued for another filter or order.
 */
export function finishQuery(
  base: Pick<NormalizedQuery, 'page' | 'limit' | 'groups' | 'order' | 'search' | 'select'>,
  cursor: unknown,
  resource: Resource,
): NormalizedQuery {
  const search = base.search ?? null;
  let after: readonly unknown[] | null = null;
  let cursorScope: string | null = null;
  if (cursor !== undefined && cursor !== null && cursor !== '') {
    const problems = new Problems();
    if (typeof cursor !== 'string') problems.add('cursor must be a string');
    else {
      const fingerprint = fingerprintOf(base.groups, base.order, search?.needle);
      const decoded = decodeCursor(cursor, base.order, resource, fingerprint);
      if (decoded.ok) {
        after = decoded.values;
        cursorScope = decoded.scopeTag;
      } else problems.add(decoded.reason);
    }
    problems.throwIfAny();
  }
  return Object.freeze({
    page: base.page,
    limit: base.limit,
    groups: Object.freeze(base.groups),
    order: base.order,
    after,
    cursorScope,
    ...(search === null ? {} : { search }),
    ...(base.select ? { select: base.select } : {}),
  });
}

/**
 * ANDs a request scope into a query and checks that the query's cursor was issued under the same scope: a cursor
 * from another scope, from none (when there is one), or from one (when there is none) is a 400.
 */
function applyScope(query: NormalizedQuery, scope: unknown, resource: Resource): NormalizedQuery {
  const cursorScope = query.cursorScope ?? null;
  if (scope === undefined || scope === null) {
    if (query.after !== null && cursorScope !== null) throw badRequest([CURSOR_MISMATCH]);
    return query;
  }
  const scopeGroups = normalizeScope(scope, resource);
  const scopeTag = scopeTagOf(fingerprintOf(scopeGroups, []));
  if (query.after !== null && cursorScope !== scopeTag) throw badRequest([CURSOR_MISMATCH]);
  return Object.freeze({
    ...query,
    groups: Object.freeze(andGroups(scopeGroups, query.groups)),
    baseGroups: query.baseGroups ?? query.groups,
    scopeTag,
  });
}
