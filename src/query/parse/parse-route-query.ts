import { Problems, type ProblemSink } from '../../errors/index';
import type { TotalMode } from '../../pagination/index';
import type { Resource } from '../../resource/index';
import { resolveRelationNames, withTotal, type CursorQuery, type ListQuery, type TotalChoice } from '../model/index';
import { parseCursorQueryWith, parseListQueryWith, type OwnParams } from './parse-list-query';
import { choiceParam, queryParamsOf, refuseUnknownParams, type RouteParams } from './route-params';

/** What a route's options say of the query parameters it reads beside the list grammar (a route's `RouteOptions`). */
export interface RouteQueryOptions {
  readonly total?: TotalMode | undefined;
  readonly clientTotal?: readonly TotalMode[] | undefined;
  readonly totalThreshold?: number | undefined;
  readonly deleted?: boolean | undefined;
  readonly permanent?: boolean | undefined;
}

const DELETED_MODES = ['include', 'only'] as const;

/** A route's `deleted=` mode: deleted records too (`'include'`), or only them (`'only'`). */
export type DeletedParam = (typeof DELETED_MODES)[number];

/** A list route's query: the list query (with the total mode of the request) and the `deleted` mode, if given. */
export interface RouteListQuery<TQuery> {
  readonly query: TQuery;
  readonly deleted: DeletedParam | undefined;
}

/** What `GET {path}/:id` reads of its query: the relations to embed and count, and the `deleted` mode. */
export interface RouteGetQuery {
  readonly include?: readonly string[];
  readonly counts?: readonly string[];
  readonly deleted?: DeletedParam;
}

/** `deleted` as a route's own parameter, where its `deleted` option allows it. */
const deletedParam = (route: RouteQueryOptions): OwnParams<DeletedParam | undefined> => ({
  names: new Set(route.deleted === true ? ['deleted'] : []),
  read: (values, problems) => choiceParam(values, 'deleted', DELETED_MODES, problems),
});

/** What a `GET_LIST` route reads itself of its query: its `deleted` mode and the total mode of the request. */
type ListOwn = OwnParams<{ deleted: DeletedParam | undefined; total: TotalChoice | undefined }>;

const LIST_OWN = new WeakMap<RouteQueryOptions, ListOwn>();
const CURSOR_OWN = new WeakMap<RouteQueryOptions, OwnParams<DeletedParam | undefined>>();

/**
 * The own parameters of `route`, made by `make` once per route (kept in `cache`), not once per request: remade when
 * the route's `deleted` option no longer matches the names they read (their `read` reads its total options at each
 * call).
 */
function ownParamsOf<TOwn extends OwnParams<unknown>>(
  cache: WeakMap<RouteQueryOptions, TOwn>,
  route: RouteQueryOptions,
  make: (route: RouteQueryOptions) => TOwn,
): TOwn {
  const cached = cache.get(route);
  if (cached !== undefined && cached.names.has('deleted') === (route.deleted === true)) return cached;
  const made = make(route);
  cache.set(route, made);
  return made;
}

/** The own parameters of a `GET_LIST` route: `deleted` (where allowed) and `total` (always its own, see below). */
function listParams(route: RouteQueryOptions): ListOwn {
  const deleted = deletedParam(route);
  return {
    names: new Set([...deleted.names, 'total']),
    read: (values, problems) => ({
      deleted: deleted.read(values, problems),
      total:
        route.total !== undefined || route.clientTotal !== undefined || values.has('total')
          ? totalOfRequest(values, route, problems)
          : undefined,
    }),
  };
}

/**
 * The total mode and threshold of one request of a `GET_LIST` route: the client's `total=` where the route's
 * `clientTotal` lists it, else the route's `total` (default `'exact'`); the threshold in `'estimated'` mode only. A
 * `total=` on a route without `clientTotal`, a mode it does not list, an empty value or a repeated parameter is
 * reported to `problems` (and the route's own mode used).
 */
function totalOfRequest(params: RouteParams, route: RouteQueryOptions, problems: ProblemSink): TotalChoice {
  const threshold = route.totalThreshold;
  let total: TotalMode = route.total ?? 'exact';
  if (params.has('total')) {
    const allowed = route.clientTotal;
    if (allowed === undefined) problems.add('total cannot be chosen on this route (no clientTotal option)');
    else total = choiceParam(params, 'total', allowed, problems) ?? total;
  }
  return threshold === undefined || total !== 'estimated' ? { total } : { total, totalThreshold: threshold };
}

/**
 * Parses the query of a `GET_LIST` route: the list grammar, `total=` (always the route's own parameter, so that one
 * without `clientTotal` is a 400 naming it) and `deleted=` where the route allows it.
 *
 * @throws HttpError 400 naming every problem of the query (`limit=abc&total=bogus&deleted=bogus`: three).
 */
export function parseRouteListQuery<TRecord>(
  query: unknown,
  resource: Resource<TRecord>,
  route: RouteQueryOptions,
): RouteListQuery<ListQuery<TRecord>> {
  const parsed = parseListQueryWith(query, resource, ownParamsOf(LIST_OWN, route, listParams));
  const { total } = parsed.own;
  const list = total === undefined ? parsed.query : withTotal(parsed.query, resource as Resource, total);
  return { query: list, deleted: parsed.own.deleted };
}

/**
 * Parses the query of a `GET_LIST_CURSOR` route: the cursor grammar and `deleted=` where the route allows it.
 *
 * @throws HttpError 400 naming every problem of the query.
 */
export function parseRouteCursorQuery<TRecord>(
  query: unknown,
  resource: Resource<TRecord>,
  route: RouteQueryOptions,
): RouteListQuery<CursorQuery<TRecord>> {
  const parsed = parseCursorQueryWith(query, resource, ownParamsOf(CURSOR_OWN, route, deletedParam));
  return { query: parsed.query, deleted: parsed.own };
}

/** The comma list of `include` or `counts` (a repeated parameter reads as one: `include=a&include=b` is `a,b`). */
function namesOf(params: RouteParams, name: 'include' | 'counts'): unknown {
  const values = params.get(name);
  if (values === undefined || values.length === 0) return undefined;
  return values.every((value) => typeof value === 'string') ? values.join(',') : values;
}

/**
 * Parses the query of `GET {path}/:id`: `include` and `counts` with the rules of the list routes (comma-separated
 * names of relations the resource declares `includable` or `countable`, each once, not empty), and `deleted=` where
 * the route allows it. Returns `{}` for an empty query.
 *
 * @throws HttpError 400 naming every problem of the query, an unknown parameter among them.
 */
export function parseRouteGetQuery(query: unknown, resource: Resource, route: RouteQueryOptions): RouteGetQuery {
  const params = queryParamsOf(query);
  if (params.size === 0) return {};
  const problems = new Problems();
  refuseUnknownParams(
    params,
    route.deleted === true ? ['include', 'counts', 'deleted'] : ['include', 'counts'],
    problems,
  );
  const include = resolveRelationNames(namesOf(params, 'include'), resource, 'include', true, problems);
  const counts = resolveRelationNames(namesOf(params, 'counts'), resource, 'counts', true, problems);
  const deleted = choiceParam(params, 'deleted', DELETED_MODES, problems);
  problems.throwIfAny();
  return {
    ...(include === undefined ? {} : { include }),
    ...(counts === undefined ? {} : { counts }),
    ...(deleted === undefined ? {} : { deleted }),
  };
}

/**
 * Parses the query of `DELETE {path}/:id`: `permanent=true|false` where the route's `permanent` option allows it.
 *
 * @throws HttpError 400 naming every problem of the query, an unknown parameter among them.
 */
export function parseRouteDeleteQuery(query: unknown, route: RouteQueryOptions): { readonly permanent: boolean } {
  const params = queryParamsOf(query);
  const problems = new Problems();
  refuseUnknownParams(params, route.permanent === true ? ['permanent'] : [], problems);
  const permanent = choiceParam(params, 'permanent', ['true', 'false'] as const, problems) === 'true';
  problems.throwIfAny();
  return { permanent };
}

/**
 * Parses the query of a write route other than `DELETE {path}/:id`, which reads no parameter: any is a 400 (as on
 * the read routes), never silently ignored.
 *
 * @throws HttpError 400 naming each parameter.
 */
export function parseRouteWriteQuery(query: unknown): void {
  refuseUnknownParams(queryParamsOf(query), []);
}
