import { type Resource, baseResource } from '../../resource/index';
import {
  finishQuery,
  remember,
  resolvePageLimits,
  resolveSearch,
  resolveSelect,
  resolveRelationNames,
  toWhere,
  type CursorQuery,
  type ListQuery,
  type NormalizedQuery,
} from '../model/index';
import { filterPlanOf } from './filter-plan';
import { parseOrderText } from './parse-order';
import type { ProblemSink } from '../../errors/index';
import { QueryParams } from './query-params';
import { readQuery } from './read-query';

type Mode = 'page' | 'cursor';

/**
 * Parses an HTTP list query (raw string, `URLSearchParams`, or a framework's parsed query object) into a frozen,
 * validated {@link ListQuery} for `list`.
 *
 * @throws HttpError 400 whose `message` is an array with one string per problem, naming each parameter as sent.
 * @example
 * const query = parseListQuery('?username[operator]=cont&username[value]=ab&orderBy=createdAt&orderDirection=DESC', users);
 * await repository.list(query);
 */
export function parseListQuery<TRecord>(query: unknown, resource: Resource<TRecord>): ListQuery<TRecord> {
  return toListQuery(parse(query, resource as Resource, 'page').normalized, resource);
}

/**
 * The scalar parameters a route reads itself beside the list grammar (`total`, `deleted`): their names, which the
 * grammar then does not refuse as unknown, and how their values are read, each problem reported to `problems` so that
 * one 400 names every problem of the request.
 */
export interface OwnParams<TOwn> {
  readonly names: ReadonlySet<string>;
  readonly read: (values: ReadonlyMap<string, readonly string[]>, problems: ProblemSink) => TOwn;
}

/** A list query, parsed in one pass with what `own.read` made of its own parameters. */
export interface ListQueryWith<TQuery, TOwn> {
  readonly query: TQuery;
  readonly own: TOwn;
}

/**
 * {@link parseListQuery} for a route that reads some scalar parameters itself (see {@link OwnParams}): one pass over
 * the query gives the list query, without them, and what `own.read` makes of them.
 *
 * @throws HttpError 400 naming every problem of the query and of its own parameters (`name[sub]` of an own
 * parameter is unknown).
 */
export function parseListQueryWith<TRecord, TOwn>(
  query: unknown,
  resource: Resource<TRecord>,
  own: OwnParams<TOwn>,
): ListQueryWith<ListQuery<TRecord>, TOwn> {
  const parsed = parse(query, resource as Resource, 'page', own);
  return { query: toListQuery(parsed.normalized, resource), own: parsed.own };
}

/** {@link parseListQueryWith} for a cursor query: {@link parseCursorQuery} with some parameters read by `own`. */
export function parseCursorQueryWith<TRecord, TOwn>(
  query: unknown,
  resource: Resource<TRecord>,
  own: OwnParams<TOwn>,
): ListQueryWith<CursorQuery<TRecord>, TOwn> {
  const parsed = parse(query, resource as Resource, 'cursor', own);
  return { query: toCursorQuery(parsed.normalized, parsed.cursor, resource), own: parsed.own };
}

function toListQuery<TRecord>(normalized: NormalizedQuery, resource: Resource<TRecord>): ListQuery<TRecord> {
  const result = {
    page: normalized.page,
    limit: normalized.limit,
    where: toWhere(normalized.groups),
    orderBy: normalized.order,
    ...searchAndSelect(normalized),
    ...includeAndCounts(normalized),
  };
  return remember(result, normalized, baseResource(resource as Resource), 'page') as unknown as ListQuery<TRecord>;
}

/**
 * Parses an HTTP cursor query: the grammar of {@link parseListQuery} with `cursor` in place of `page`, default
 * limit 20 and default order id ascending. Returns a frozen {@link CursorQuery} for `listByCursor`.
 *
 * @throws HttpError 400 as {@link parseListQuery} does, and for a malformed cursor or one issued for another filter or order.
 */
export function parseCursorQuery<TRecord>(query: unknown, resource: Resource<TRecord>): CursorQuery<TRecord> {
  const { normalized, cursor } = parse(query, resource as Resource, 'cursor');
  return toCursorQuery(normalized, cursor, resource);
}

function toCursorQuery<TRecord>(
  normalized: NormalizedQuery,
  cursor: string | null,
  resource: Resource<TRecord>,
): CursorQuery<TRecord> {
  const result = {
    cursor,
    limit: normalized.limit,
    where: toWhere(normalized.groups),
    orderBy: normalized.order,
    ...searchAndSelect(normalized),
    ...includeAndCounts(normalized),
  };
  return remember(result, normalized, baseResource(resource as Resource), 'cursor') as unknown as CursorQuery<TRecord>;
}

interface Parsed<TOwn> {
  readonly normalized: NormalizedQuery;
  readonly cursor: string | null;
  readonly own: TOwn;
}

function parse<TOwn = undefined>(query: unknown, resource: Resource, mode: Mode, own?: OwnParams<TOwn>): Parsed<TOwn> {
  const params = new QueryParams(filterPlanOf(resource), mode, own?.names);
  readQuery(query, params);
  const groups = params.conditionGroups();
  const order = parseOrderText(params.orderBy, params.orderDirection, resource, params) ?? resource.defaultOrder;
  const { limit, page } = resolvePageLimits(params, resource, { mode, fromText: true, problems: params });
  const search = resolveSearch(params.search, resource, params) ?? null;
  const select = resolveSelect(params.select, resource, true, true, params) ?? null;
  const include =
    params.include === undefined ? undefined : resolveRelationNames(params.include, resource, 'include', true, params);
  const counts =
    params.counts === undefined ? undefined : resolveRelationNames(params.counts, resource, 'counts', true, params);
  const ownRead = own?.read(params.ownParams(), params) as TOwn;
  params.throwIfAny();
  const cursorText = params.cursor;
  // Only the returned query is frozen: the normalized form is reachable through the library alone (see remember).
  const normalized: NormalizedQuery =
    cursorText || search || select || include || counts
      ? finishQuery({ page, limit, groups, order, search, select, include, counts }, cursorText, resource)
      : { page, limit, groups, order, after: null };
  return { normalized, cursor: cursorText ? cursorText : null, own: ownRead };
}

/** The public `search` and `select` of a query: present only when it has them. */
function searchAndSelect(normalized: NormalizedQuery): { search?: string; select?: readonly string[] } {
  if (!normalized.search && !normalized.select) return {};
  return {
    ...(normalized.search ? { search: normalized.search.text } : {}),
    ...(normalized.select ? { select: normalized.select } : {}),
  };
}

/** The public `include` and `counts` of a query: present only when given. */
function includeAndCounts(normalized: NormalizedQuery): { include?: readonly string[]; counts?: readonly string[] } {
  if (!normalized.include && !normalized.counts) return {};
  return {
    ...(normalized.include ? { include: normalized.include } : {}),
    ...(normalized.counts ? { counts: normalized.counts } : {}),
  };
}
