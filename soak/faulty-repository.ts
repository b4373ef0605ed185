import type { Repository } from 'pagelope';
import { createRandom } from '../examples/shared/random';

/** The repository methods the wrapper counts. */
export const REPOSITORY_METHODS = ['create', 'get', 'update', 'delete', 'list', 'listByCursor'] as const;
export type RepositoryMethod = (typeof REPOSITORY_METHODS)[number];

/** Per-method counts of calls and of injected faults. */
export interface FaultCounts {
  readonly calls: Record<RepositoryMethod, number>;
  readonly faults: Record<RepositoryMethod, number>;
}

/** Options of {@link createFaultyRepository}. */
export interface FaultyRepositoryOptions {
  /** Share of calls that throw, 0..1 (0: a counting pass-through). */
  readonly rate?: number;
  /** Seed of the PRNG that picks the failing calls. */
  readonly seed?: number;
}

/** The text of every injected fault; it must never reach a response body. */
export const FAULT_MESSAGE = 'soak: injected repository fault (secret-internal-detail)';

const zeroes = (): Record<RepositoryMethod, number> =>
  Object.fromEntries(REPOSITORY_METHODS.map((name) => [name, 0])) as Record<RepositoryMethod, number>;

/**
 * Wraps a repository so that a seeded random share of its calls throw a plain `Error` before reaching the inner
 * repository (so a failed create stores nothing and a failed delete removes nothing), and counts calls and faults.
 */
export function createFaultyRepository<TRecord>(
  inner: Repository<TRecord>,
  options: FaultyRepositoryOptions = {},
): { readonly repository: Repository<TRecord>; readonly counts: FaultCounts } {
  const { rate = 0, seed = 42 } = options;
  const next = createRandom(seed);
  const counts: FaultCounts = { calls: zeroes(), faults: zeroes() };
  const guard = (method: RepositoryMethod): void => {
    counts.calls[method]++;
    if (rate > 0 && next() < rate) {
      counts.faults[method]++;
      throw new Error(FAULT_MESSAGE);
    }
  };
  const wrap =
    <TArgs extends unknown[], TResult>(method: RepositoryMethod, call: (...args: TArgs) => Promise<TResult>) =>
    async (...args: TArgs): Promise<TResult> => {
      guard(method);
      return call(...args);
    };
  const repository: Repository<TRecord> = {
    create: wrap('create', inner.create.bind(inner)),
    get: wrap('get', inner.get.bind(inner)),
    update: wrap('update', inner.update.bind(inner)),
    replace: wrap('update', inner.replace.bind(inner)), // counted with the updates
    delete: wrap('delete', inner.delete.bind(inner)),
    list: wrap('list', inner.list.bind(inner)),
    listByCursor: wrap('listByCursor', inner.listByCursor.bind(inner)),
  };
  return { repository, counts };
}
