import { resolveRelations, type Resource } from '../../resource/index';
import { CURSOR_MISMATCH, decodeCursor, scopeTagOf } from '../../pagination/index';
import { type Condition, type ConditionGroups, fingerprintOf, recall, type NormalizedQuery } from './normalized-query';
import { normalizeOrder } from './normalize-order';
import { normalizeWhere } from './normalize-where';
import { Problems, badRequest, quote } from '../../errors/index';
import { andGroups, normalizeScope } from './normalize-scope';
import { resolvePageLimits } from './page-limits';
import { resolveSearch, resolveSelect } from './search-and-select';
import { resolveRelationNames } from './relation-names';
import { queryWith } from './query-with';
import { relationsRead } from './relations-read';
import { resolveTotal } from './resolve-total';

/**
 * The related scope of each relation a query may read, by relation name, as `ScopeOptions.relations` binds them
 * (`scope`: a `where` of the related resource; absent: none).
 */
export type RelationScopeBindings = Readonly<Record<string, { readonly scope?: unknown } | undefined>>;

const LIST_KEYS = new Set([
  'where',
  'limit',
  'page',
  'orderBy',
  'search',
  'select',
  'include',
  'counts',
  'total',
  'totalThreshold',
]);
const CURSOR_KEYS = new Set(['where', 'limit', 'cursor', 'orderBy', 'search', 'select', 'include', 'counts']);

/**
 * Validates programmatic `list` (mode `'page'`) or `listByCursor` (mode `'cursor'`) input. A query object that
 * `parseListQuery` or `parseCursorQuery` returned is taken as it is. A `scope` (a programmatic `where`) is ANDed
 * in; the scope of each relation the filter or the order reads is normalized against the related resource from
 * `relations` into `relationScopes`; a cursor must have been issued under the same scopes (or none, when there is
 * none).
 *
 * @throws HttpError 400 with one message per problem; Error (a server fault) when `scope` or a relation's scope is
 * not a valid `where`, or when the query reads a relation that `relations` does not bind.
 */
export function normalizeInput(
  input: unknown,
  resource: Resource,
  mode: 'page' | 'cursor',
  scope?: unknown,
  relations?: RelationScopeBindings,
): NormalizedQuery {
  return applyScope(normalizeQuery(input, resource, mode), scope, resource, relations);
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
  const include = resolveRelationNames(options.include, resource, 'include', false, problems);
  const counts = resolveRelationNames(options.counts, resource, 'counts', false, problems);
  const totals = mode === 'page' ? resolveTotal(options.total, options.totalThreshold, problems) : {};
  problems.throwIfAny();
  return finishQuery(
    { page, limit, groups, order, search, select, include, counts, ...totals },
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
  base: Pick<
    NormalizedQuery,
    'page' | 'limit' | 'groups' | 'order' | 'search' | 'select' | 'include' | 'counts' | 'total' | 'totalThreshold'
  >,
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
    ...(base.include ? { include: base.include } : {}),
    ...(base.counts ? { counts: base.counts } : {}),
    ...(base.total ? { total: base.total } : {}),
    ...(base.totalThreshold ? { totalThreshold: base.totalThreshold } : {}),
  });
}

/**
 * ANDs a request scope into a query, normalizes the related scope of every relation the query reads, and checks
 * that the query's cursor was issued under the same scopes: a cursor from other scopes, from none (when there are
 * some), or from some (when there are none) is a 400. Without relations the scope tag is the own scope's alone, as
 * it was before relations existed, so earlier cursors stay valid.
 */
function applyScope(
  query: NormalizedQuery,
  scope: unknown,
  resource: Resource,
  relations: RelationScopeBindings | undefined,
): NormalizedQuery {
  const cursorScope = query.cursorScope ?? null;
  const relationScopes = relationScopesOf(query, resource, relations);
  const scoped = relationScopes !== undefined && [...relationScopes.values()].some((groups) => !isEverything(groups));
  if ((scope === undefined || scope === null) && !scoped) {
    if (query.after !== null && cursorScope !== null) throw badRequest([CURSOR_MISMATCH]);
    return relationScopes === undefined ? query : queryWith(query, { relationScopes });
  }
  const own = scope === undefined || scope === null ? undefined : ownScopeOf(scope, resource);
  const scopeTag = scoped
    ? scopeTagOf(relationScopeText(own?.text ?? NO_SCOPE_TEXT, relationScopes))
    : (own?.tag ?? NO_SCOPE_TAG);
  if (query.after !== null && cursorScope !== scopeTag) throw badRequest([CURSOR_MISMATCH]);
  const changes: { -readonly [K in keyof NormalizedQuery]?: NormalizedQuery[K] } = { scopeTag };
  if (own !== undefined) {
    // No filter: the scope's own frozen groups, shared by every call.
    changes.groups = isEverything(query.groups) ? own.groups : Object.freeze(andGroups(own.groups, query.groups));
    changes.baseGroups = query.baseGroups ?? query.groups;
  }
  if (relationScopes !== undefined) changes.relationScopes = relationScopes;
  return queryWith(query, changes);
}

type ScopeGroups = readonly (readonly Condition[])[];

/** A scope as normalized for a resource, the text its tag hashes, and that tag. */
interface OwnScope {
  readonly groups: ScopeGroups;
  readonly text: string;
  readonly tag: string;
}

/** The fingerprint and tag of no own scope (only related scopes apply). */
const NO_SCOPE_TEXT = fingerprintOf([[]], []);
const NO_SCOPE_TAG = scopeTagOf(NO_SCOPE_TEXT);

/**
 * Normalized scopes of deeply frozen scope objects, by resource: such a scope (the soft-delete condition the service
 * ANDs into every call without a request scope) can never change, so it is normalized once.
 */
const frozenScopes = new WeakMap<Resource, WeakMap<object, OwnScope>>();

/** The scope normalized for `resource`, and its fingerprint; read from the cache for a deeply frozen scope object. */
function ownScopeOf(scope: unknown, resource: Resource): OwnScope {
  const cache = typeof scope === 'object' && scope !== null ? frozenScopes.get(resource)?.get(scope) : undefined;
  if (cache !== undefined) return cache;
  const groups = normalizeScope(scope, resource);
  const text = fingerprintOf(groups, []);
  const own = { groups, text, tag: scopeTagOf(text) };
  if (typeof scope === 'object' && scope !== null && isDeeplyFrozen(scope)) {
    let byScope = frozenScopes.get(resource);
    if (byScope === undefined) frozenScopes.set(resource, (byScope = new WeakMap()));
    byScope.set(scope, own);
  }
  return own;
}

/**
 * Whether a value is a plain object, frozen, whose own properties are all data properties holding primitives or such
 * objects (at most 4 levels deep): nothing in it can ever change or compute a value.
 */
function isDeeplyFrozen(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (depth > 4 || !Object.isFrozen(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(Object.getOwnPropertyDescriptors(value)).every(
    (property) => 'value' in property && isDeeplyFrozen(property.value, depth + 1),
  );
}

/** Whether normalized scope groups match every record: one empty group (no scope). */
const isEverything = (groups: ConditionGroups): boolean => groups.length === 1 && groups[0]?.length === 0;

/** The canonical text the scope tag hashes when related scopes apply: the own scope's, then each relation's by name. */
function relationScopeText(ownText: string, relationScopes: ReadonlyMap<string, ScopeGroups>): string {
  const related = [...relationScopes.keys()]
    .sort()
    .map((name) => [name, fingerprintOf(relationScopes.get(name) ?? [], [])]);
  return JSON.stringify([ownText, related]);
}

/**
 * The normalized related scope of every relation the query's filter or order reads (undefined: it reads none).
 *
 * @throws Error (a server fault) for a relation without a binding or a binding whose scope is not a valid `where`.
 */
function relationScopesOf(
  query: NormalizedQuery,
  resource: Resource,
  relations: RelationScopeBindings | undefined,
): ReadonlyMap<string, ScopeGroups> | undefined {
  const used = relationsRead({ groups: query.baseGroups ?? query.groups, order: query.order });
  if (used.size === 0) return undefined;
  const declared = resolveRelations(resource);
  const scopes = new Map<string, ScopeGroups>();
  for (const name of used) {
    const relation = declared.get(name);
    const binding = relations !== undefined && Object.hasOwn(relations, name) ? relations[name] : undefined;
    if (!relation || !binding)
      throw new Error(
        `the query of ${resource.name} reads relation "${name}", which has no binding (relations option)`,
      );
    const related = binding.scope;
    scopes.set(
      name,
      related === undefined || related === null ? EVERYTHING : normalizeScope(related, relation.resource),
    );
  }
  return scopes;
}

const EVERYTHING: ScopeGroups = Object.freeze([Object.freeze([])]);
