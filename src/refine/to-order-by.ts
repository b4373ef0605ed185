import type { CrudSort } from '@refinedev/core';
import type { OrderTerm } from 'pagelope/client';

/**
 * Turns refine's sorters into the client's `orderBy` (`orderBy=a,b&orderDirection=ASC,DESC` on the wire), in their
 * order; no sorters (or `[]`) leave the order to the server's default. Internal to the module.
 *
 * @throws Error for a sorter without a field name or with an order other than `'asc'` or `'desc'`.
 * @example
 * toOrderBy([{ field: 'age', order: 'desc' }]); // [{ field: 'age', direction: 'desc' }]
 */
export function toOrderBy(sorters: readonly CrudSort[] | undefined): OrderTerm[] | undefined {
  if (sorters === undefined || sorters === null) return undefined;
  if (!Array.isArray(sorters)) throw new Error('pagelope/refine: sorters must be an array of { field, order }');
  if (sorters.length === 0) return undefined;
  return sorters.map((sorter: unknown, i) => {
    const { field, order } = (typeof sorter === 'object' && sorter !== null ? sorter : {}) as Record<string, unknown>;
    if (typeof field !== 'string' || field === '') throw new Error(`pagelope/refine: sorters[${i}] names no field`);
    if (order !== 'asc' && order !== 'desc') {
      throw new Error(`pagelope/refine: sorters[${i}].order must be "asc" or "desc", got ${String(order)}`);
    }
    return { field, direction: order };
  });
}
