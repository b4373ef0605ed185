// The limit and page rules of every listing live here: the default page size, the clamp or 400 above `maxLimit`,
// and the highest page. HTTP queries (`parseListQuery`, `parseCursorQuery`) and programmatic input (`list`,
// `listByCursor`) both resolve `limit` and `page` through `resolvePageLimits`.
import { type Resource, cursorDefaultLimit } from '../../resource/index';
import { type ProblemSink } from '../../errors/index';
import { QUERY_LIMITS } from '../../fields/index';
import { isPositiveIntegerText } from '../../internal/index';

/** The `limit` and `page` of one query as given: texts of a query string, or values of programmatic input. */
export interface PageLimitsInput {
  readonly limit: unknown;
  readonly page: unknown;
}

/** How {@link resolvePageLimits} reads its input and where it reports problems. */
export interface PageLimitsOptions {
  /** `'page'` for `list`, `'cursor'` for `listByCursor` (which has no page: it resolves to 1, unread). */
  readonly mode: 'page' | 'cursor';
  /** True for query-string texts (`'20'`), false for programmatic numbers (`20`). */
  readonly fromText: boolean;
  readonly problems: ProblemSink;
}

/** A query's resolved page size and page number. */
export interface PageLimits {
  readonly limit: number;
  readonly page: number;
}

/**
 * The limit and page rules. `limit`: absent gives the resource's `pagination.defaultLimit` (for a cursor listing,
 * the cursor route's own default, else {@link QUERY_LIMITS}.cursorDefaultLimit bounded by `maxLimit`); not a
 * positive integer is a problem; above `pagination.maxLimit` it is clamped to `maxLimit` when the resource's
 * `onLimitExceeded` is `'clamp'`, else a problem. `page` (page mode only): absent gives 1; not a positive integer,
 * or above {@link QUERY_LIMITS}.maxPage, is a problem. A value with a problem resolves to its default; the caller
 * throws the problems as one 400.
 */
export function resolvePageLimits(input: PageLimitsInput, resource: Resource, options: PageLimitsOptions): PageLimits {
  const { mode, fromText, problems } = options;
  const fallback = mode === 'page' ? resource.pagination.defaultLimit : cursorDefaultLimit(resource);
  const limit = resolveLimit(input.limit, fallback, resource, fromText, problems);
  const page = mode === 'page' ? resolvePage(input.page, fromText, problems) : 1;
  return { limit, page };
}

function toPositive(raw: unknown, fromText: boolean): number | undefined {
  if (fromText) return typeof raw === 'string' && isPositiveIntegerText(raw) ? Number(raw) : undefined;
  return typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 ? raw : undefined;
}

function resolveLimit(
  raw: unknown,
  fallback: number,
  resource: Resource,
  fromText: boolean,
  problems: ProblemSink,
): number {
  if (raw === undefined) return fallback;
  const limit = toPositive(raw, fromText);
  const { maxLimit, onLimitExceeded } = resource.pagination;
  if (limit === undefined) problems.add('limit must be a positive integer');
  else if (limit > maxLimit) {
    if (onLimitExceeded === 'clamp') return maxLimit;
    problems.add(`limit must be at most ${maxLimit}`);
  } else return limit;
  return fallback;
}

function resolvePage(raw: unknown, fromText: boolean, problems: ProblemSink): number {
  if (raw === undefined) return 1;
  const page = toPositive(raw, fromText);
  if (page === undefined) problems.add('page must be a positive integer');
  else if (page > QUERY_LIMITS.maxPage) problems.add(`page must be at most ${QUERY_LIMITS.maxPage}`);
  else return page;
  return 1;
}
