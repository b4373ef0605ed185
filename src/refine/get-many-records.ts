import type { RequestOptions, ResourceClient } from 'pagelope/client';

/** Most ids of one `id[in]` condition: the grammar's bound on a list operator's values (`QUERY_LIMITS.maxListValues`). */
export const MAX_IN_VALUES = 100;

/** How `getMany` fetches records: `'in'` lists them with `id[in]`, `'each'` gets them one by one. */
export type GetManyStrategy = 'in' | 'each';

/**
 * Fetches the records of `ids` (each once, in the order of their first mention). `'in'` sends one list request per
 * {@link MAX_IN_VALUES} ids with the condition `id[in]` (the resource must let clients filter its `id` with `in`), and
 * leaves out the ids no record has, as a listing does; `'each'` sends one `GET {path}/{id}` per id, all at once, and
 * rejects as soon as one of them does (a 404 for a missing id), as refine's own fallback does. Internal to the module.
 *
 * @throws whatever the client throws (an `HttpError` for an error response).
 * @example
 * await getManyRecords(client.resource('/users'), ['user-1', 'user-2'], 'in', { select: ['username'] }, {});
 */
export async function getManyRecords(
  records: ResourceClient<Record<string, unknown>>,
  ids: readonly string[],
  strategy: GetManyStrategy,
  input: {
    readonly select?: readonly string[];
    readonly include?: readonly string[];
    readonly counts?: readonly string[];
  },
  options: RequestOptions,
): Promise<Record<string, unknown>[]> {
  const unique = [...new Set(ids)];
  if (strategy === 'each') {
    const embeds = {
      ...(input.include ? { include: input.include } : {}),
      ...(input.counts ? { counts: input.counts } : {}),
    };
    return Promise.all(unique.map((id) => records.get(id, { ...options, ...embeds })));
  }
  const found = new Map<string, Record<string, unknown>>();
  for (let start = 0; start < unique.length; start += MAX_IN_VALUES) {
    const chunk = unique.slice(start, start + MAX_IN_VALUES);
    // pages() goes on while a page says there is a next one: a resource whose maxLimit clamps the limit still answers all.
    for await (const page of records.pages({ ...input, where: { id: { in: chunk } }, limit: chunk.length }, options)) {
      for (const record of page.items) found.set(String(record['id']), record);
    }
  }
  return unique.flatMap((id) => {
    const record = found.get(id);
    return record === undefined ? [] : [record];
  });
}
