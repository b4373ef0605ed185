/** The reference model of the scope contract: the ids a tenant's query answers, and an error's answer to compare. */
import { errorResponse, type OrderTerm } from '../../../src/index';
import type { Filter } from './arbitraries';
import { byId, type Doc } from './fixtures';

/** The reference: the tenant's matching records in the query's order, id ascending last. */
export function reference(
  all: readonly Doc[],
  tenantId: string,
  f: Filter,
  orderBy: readonly OrderTerm[] | undefined,
): string[] {
  const terms = orderBy ?? [];
  return all
    .filter((doc) => doc.tenantId === tenantId && f.test(doc))
    .sort((a, b) => {
      for (const { field, direction } of terms) {
        const x = a[field as keyof Doc];
        const y = b[field as keyof Doc];
        if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
      }
      return byId(a, b);
    })
    .map((doc) => doc.id);
}

/** The error response as JSON, with `id` replaced, and the timestamp and correlation id fixed. */
export function answer(error: unknown, id: string): string {
  const response = errorResponse(error, { headers: { 'x-correlation-id': 'probe' }, now: () => 0 });
  return JSON.stringify(response).split(id).join('{id}');
}
