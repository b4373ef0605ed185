import type { GetListParams, Pagination } from '@refinedev/core';
import type { ClientListInput, ResourceClient } from 'pagelope/client';
import { metaListInput, metaTotal, requestOptions } from './read-meta';
import { toOrderBy } from './to-order-by';
import { toWhere } from './to-where';

/** Records per request while `getList` walks a whole listing (the resources' default `maxLimit`). */
export const WALK_LIMIT = 100;

/** refine's defaults when `pagination` leaves them out. */
const DEFAULT_PAGE = 1;
const DEFAULT_PAGE_SIZE = 10;

/** What `getList` answers: the records and their total. */
export interface ListedRecords {
  readonly data: readonly Record<string, unknown>[];
  readonly total: number;
  /** `'eq'` or `'approx'` where the route counts in `'estimated'` mode (refine keeps extra keys of `getList`). */
  readonly totalRelation?: 'eq' | 'approx';
}

/**
 * Answers refine's `getList` with `records`: filters, sorters and `meta.search`/`meta.select` become the list input.
 * Pagination mode `'server'` (refine's default) asks for one page, `currentPage` as `page` and `pageSize` as `limit`
 * (refine's defaults 1 and 10 when absent), and answers the page's items and the server's `total`. Modes `'off'` and
 * `'client'` want every matching record (refine pages them itself under `'client'`): those walk the cursor route,
 * which neither skips nor repeats records while others write, {@link WALK_LIMIT} records a request, and answer them
 * all with their count as `total`. Internal to the module.
 *
 * @throws Error when a walk finds more than `maxRecords` records, for an unknown pagination mode, for refine 4's
 * `pagination.current`, and whatever the filters, sorters and `meta` conversions throw; the client's errors pass.
 * @example
 * await listRecords(client.resource('/users'), { resource: 'users', pagination: { currentPage: 2, pageSize: 20 } }, 10_000);
 */
export async function listRecords(
  records: ResourceClient<Record<string, unknown>>,
  params: GetListParams,
  maxRecords: number,
): Promise<ListedRecords> {
  const { pagination, sorters, filters, meta } = params;
  const input: ClientListInput<Record<string, unknown>, Record<string, unknown>> = { ...metaListInput(meta) };
  const where = toWhere(filters);
  const orderBy = toOrderBy(sorters);
  const options = requestOptions(meta);
  const mode = pagination?.mode ?? 'server';
  if (mode === 'server') {
    const { page, limit } = pageOf(pagination);
    const result = await records.list({ ...input, ...metaTotal(meta), where, orderBy, page, limit }, options);
    // A copy: the client freezes its pages, and refine hands `data` to code that may sort or splice it.
    const data = [...result.items];
    // refine needs a number: without a total ('none' mode), the rows known to exist, one more when a next page
    // does, so that its pager offers the next page and no further.
    const known = (page - 1) * limit + data.length + (result.hasNextPage ? 1 : 0);
    return {
      data,
      total: result.total ?? known,
      ...(result.totalRelation === undefined ? {} : { totalRelation: result.totalRelation }),
    };
  }
  if (mode !== 'off' && mode !== 'client') {
    throw new Error(`pagelope/refine: pagination.mode must be "server", "client" or "off", got ${String(mode)}`);
  }
  const data: Record<string, unknown>[] = [];
  for await (const record of records.all({ ...input, where, orderBy, limit: WALK_LIMIT }, options)) {
    if (data.length === maxRecords) {
      throw new Error(
        `pagelope/refine: getList of ${JSON.stringify(params.resource)} with pagination mode "${mode}" found more ` +
          `than ${maxRecords} records (the maxRecords option); page on the server (mode "server") instead`,
      );
    }
    data.push(record);
  }
  return { data, total: data.length };
}

function pageOf(pagination: Pagination | undefined): { page: number; limit: number } {
  if (pagination !== undefined && pagination !== null && pagination.currentPage === undefined) {
    if ((pagination as { current?: unknown }).current !== undefined) {
      throw new Error(
        'pagelope/refine: pagination.current is refine 4; refine 5 names the page pagination.currentPage',
      );
    }
  }
  return { page: pagination?.currentPage ?? DEFAULT_PAGE, limit: pagination?.pageSize ?? DEFAULT_PAGE_SIZE };
}
