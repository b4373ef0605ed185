import { QUERY_LIMITS } from '../fields/index';
import { compileComparator, type Where } from '../query/index';
import type { RecordId, Resource } from '../resource/index';
import type { Repository } from './repository';

type Row = Record<string, unknown>;

/** What {@link listByValues} and {@link countByValues} read: the repository's resource, a field and its values. */
export interface ByValuesRequest<TRecord = Record<string, unknown>> {
  /** The repository's resource (its default order and page size are read). */
  readonly resource: Resource<TRecord>;
  /** The field whose value must be one of `values`. */
  readonly field: keyof TRecord & string;
  /** The values (duplicates and `null` are ignored). */
  readonly values: readonly RecordId[];
  /** The request scope of the resource: only records within it are read or counted. */
  readonly scope?: Where<TRecord> | undefined;
  /** {@link listByValues} only: at most this many records for each value (absent: all of them). */
  readonly perValue?: number | undefined;
}

/** The distinct non-null values, in chunks of at most `QUERY_LIMITS.maxListValues` (what an `in` filter takes). */
function chunksOf(values: readonly RecordId[]): RecordId[][] {
  const distinct = [...new Set(values.filter((value) => value != null))];
  const chunks: RecordId[][] = [];
  for (let i = 0; i < distinct.length; i += QUERY_LIMITS.maxListValues)
    chunks.push(distinct.slice(i, i + QUERY_LIMITS.maxListValues));
  return chunks;
}

/**
 * `Repository.listByValues` for a repository that lacks it: the records whose `field` holds one of `values` (within
 * the scope), in the resource's default order ending with the id, at most `perValue` for each value. It walks
 * `listByCursor` with an `in` filter, one walk per chunk of `QUERY_LIMITS.maxListValues` values, pages of the
 * resource's `maxLimit`, and stops a chunk's walk once every value of it has `perValue` records.
 *
 * @throws HttpError or Error as the repository's `listByCursor` does (an invalid scope is a server fault).
 * @example
 * const reviews = await listByValues(reviewsRepository, { resource: reviewsResource, field: 'bookId', values: ['b1'], perValue: 20 });
 */
export async function listByValues<TRecord>(
  repository: Repository<TRecord>,
  request: ByValuesRequest<TRecord>,
): Promise<readonly TRecord[]> {
  const { resource, field, scope, perValue } = request;
  const chunks = chunksOf(request.values);
  if (chunks.length === 0) return [];
  const limit = resource.pagination.maxLimit;
  const found: Row[] = [];
  for (const chunk of chunks) {
    const taken = new Map<unknown, number>();
    let full = 0;
    let cursor: string | null = null;
    do {
      const where = { [field]: { in: chunk } } as unknown as Where<TRecord>;
      const page: { readonly items: readonly TRecord[]; readonly nextCursor: string | null } =
        await repository.listByCursor({ where, limit, cursor }, { scope });
      for (const item of page.items as readonly Row[]) {
        const value = item[field];
        const count = taken.get(value) ?? 0;
        if (perValue !== undefined && count >= perValue) continue;
        taken.set(value, count + 1);
        if (perValue !== undefined && count + 1 === perValue) full++;
        found.push(item);
      }
      cursor = page.nextCursor;
    } while (cursor !== null && !(perValue !== undefined && full === chunk.length));
  }
  // Each chunk is in the default order; several chunks are merged into one order (the sort is stable).
  if (chunks.length > 1) found.sort(compileComparator((resource as Resource).defaultOrder));
  return found as TRecord[];
}

/**
 * `Repository.countByValues` for a repository that lacks it: for each distinct non-null value, the number of records
 * (within the scope) whose `field` holds it, read from the `total` of one `list` call of limit 1 per value. Values no
 * record holds map to 0.
 *
 * @throws HttpError or Error as the repository's `list` does (an invalid scope is a server fault).
 * @example
 * const counts = await countByValues(reviewsRepository, { resource: reviewsResource, field: 'bookId', values: ['b1', 'b2'] });
 * counts.get('b1'); // 3
 */
export async function countByValues<TRecord>(
  repository: Repository<TRecord>,
  request: ByValuesRequest<TRecord>,
): Promise<ReadonlyMap<RecordId, number>> {
  const { field, scope } = request;
  const counts = new Map<RecordId, number>();
  for (const chunk of chunksOf(request.values)) {
    const totals = await Promise.all(
      chunk.map(async (value) => {
        const where = { [field]: { eq: value } } as unknown as Where<TRecord>;
        const page = await repository.list({ where, limit: 1 }, { scope });
        return page.total;
      }),
    );
    chunk.forEach((value, i) => counts.set(value, totals[i] ?? 0));
  }
  return counts;
}
