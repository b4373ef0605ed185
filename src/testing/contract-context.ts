import type { Repository, Resource } from 'pagelope';
import { at, items, type Item } from './fixtures';
import { sampleRows, SHORT_RUNS, shortOffsetOf } from './sample-rows';
import { SEED } from './seed';

/**
 * Builds a fresh, isolated repository of `resource` holding `records`: what {@link repositoryContract} calls before
 * each test (and before each run of a property), with the resources and records of the contract.
 *
 * @example
 * ```ts
 * const factory: RepositoryFactory = (resource, records) => createMemoryRepository(resource, { records });
 * ```
 */
export type RepositoryFactory = <TRecord>(
  resource: Resource<TRecord>,
  records: readonly TRecord[],
) => Promise<Repository<TRecord>> | Repository<TRecord>;

/**
 * Builds a second repository, of `resource` and holding `records`, on the same store as `repository` (a repository
 * the factory returned): one that `tx.repository(sibling)` accepts inside `repository.transaction(work)`, such as
 * another table of the same database. What the transaction rules of {@link repositoryContract} join.
 *
 * @example
 * ```ts
 * // a new table on the client the first repository uses
 * const sibling: SiblingFactory = (resource, records) => createMyRepository(resource, { client, records });
 * ```
 */
export type SiblingFactory = <TRecord>(
  resource: Resource<TRecord>,
  records: readonly TRecord[],
  repository: Repository<unknown>,
) => Promise<Repository<TRecord>> | Repository<TRecord>;

/**
 * Options of {@link repositoryContract}.
 *
 * @example
 * ```ts
 * repositoryContract('my repository', factory, { numRuns: 40, readsAbsentNullableAsNull: true, seed: 42 });
 * ```
 */
export interface RepositoryContractOptions {
  /** Runs of each property (default 100; lower it for slow adapters). In `'short'` mode, at most 8. */
  readonly numRuns?: number;
  /**
   * How much of the contract to declare. `'full'` (the default): every row of every table and `numRuns` runs of each
   * property. `'short'`, for a secondary leg of a store whose full run is elsewhere (a second driver, a replica, the
   * same database behind another adapter): each table-driven test (operator, order, search, OR and scope rows, bad
   * inputs, ...) declares one row in three, the same rows on every run of a suite with this `name` and mostly other
   * rows under another `name`, always at least one and every row of a table of one or two; each property makes at
   * most 8 runs (the relation properties half that); every other test is declared as in `'full'`. The tests are then
   * declared under `describe('<name>: Repository contract (short)')`. A short run declares about half of the tests
   * (with the relation rules, 263 to 288 of 577, by the offset of its name), which take about a third of the full
   * run's time; it never replaces one full run per store.
   */
  readonly mode?: 'full' | 'short';
  /**
   * SQL keeps one NULL: a field that is both optional and nullable, stored absent, reads back as `null`. Adapters
   * that work so say it here, and the contract expects `null` for such absent fields of the seed.
   */
  readonly readsAbsentNullableAsNull?: boolean;
  /**
   * The seed of each property's `fc.assert`. When absent, fast-check's global configuration applies (set it once in
   * your test setup with `fc.configureGlobal({ seed })`); the suite never changes that configuration.
   */
  readonly seed?: number;
  /**
   * For the transaction rules (run when the repository has `transaction`): how to make a second repository on the
   * same store, which a transaction must be able to join. Default: the factory again, which fits a factory that makes
   * a new table of one database, or a new memory repository. `false`: the store's transactions cannot join another
   * repository, and those rules are skipped.
   */
  readonly sibling?: SiblingFactory | false;
  /**
   * Also declare the relation rules of `relationContract` (authors, books and reviews made by the factory,
   * relation filters, sorts, embeds, counts and scopes on every side) inside the contract. Default `false`.
   */
  readonly relations?: boolean;
  /**
   * Which blocks of the contract to declare: `{ only: [...] }` those, `{ except: [...] }` all but those (default:
   * every block). For a slow store, two test files that each declare a part (`{ only: ['relations', 'batch'] }` and
   * `{ except: ['relations', 'batch'] }`) run on two workers at once; together they must declare every block, as the
   * pair `only`/`except` of one list always does.
   */
  readonly blocks?: RepositoryContractBlocks;
}

/**
 * A block of the repository contract, as `blocks` names it: `'crud'` (create, get, update, delete), `'replace'`,
 * `'list'`, `'total'` (the total modes), `'cursor'` (listByCursor), `'scope'`, `'search'`, `'select'`, `'or-groups'`,
 * `'properties'` (the page and cursor walks against the reference model), `'transaction'`, `'lifecycle'` (soft
 * delete, restore, versions), `'batch'` (batch writes), `'batch-service'` (the service's batch writes), `'relations'`
 * (with `relations: true`).
 */
export type RepositoryContractBlock =
  | 'crud'
  | 'replace'
  | 'list'
  | 'total'
  | 'cursor'
  | 'scope'
  | 'search'
  | 'select'
  | 'or-groups'
  | 'properties'
  | 'transaction'
  | 'lifecycle'
  | 'batch'
  | 'batch-service'
  | 'relations';

/** The `blocks` option of the repository contract: the blocks to declare, or the blocks to leave out. */
export type RepositoryContractBlocks =
  { readonly only: readonly RepositoryContractBlock[] } | { readonly except: readonly RepositoryContractBlock[] };

/**
 * What the blocks of the contract share: the user's factory and options, the seeded and empty repositories of
 * `items`, what the seed reads back as, and a record body to create.
 */
export interface ContractContext {
  /** The user's factory. */
  readonly makeRepository: RepositoryFactory;
  /** The user's options. */
  readonly options: RepositoryContractOptions;
  /** The title of a suite's `describe`: `<name>: <block>`, and ` (short)` after it in short mode. */
  readonly titleOf: (block: string) => string;
  /**
   * The rows of a table that its `it.each` declares: a copy of every row in full mode; in short mode one row in
   * three, from the offset of the suite's name (`sampleRows(rows, shortOffsetOf(name))`).
   */
  readonly rows: <TRow>(rows: readonly TRow[]) => TRow[];
  /** The parameters of each property's `fc.assert`: the runs (capped in short mode), and the seed when one is given. */
  readonly assertParameters: { readonly numRuns: number; readonly seed?: number };
  /** What reading a record back gives: the record, or with an absent optional-and-nullable `nick` as null. */
  readonly storedOf: (record: Item) => Item;
  /** The seed as it reads back. */
  readonly STORED: readonly Item[];
  /** A repository of `items` holding the seed. */
  readonly seeded: () => Promise<Repository<Item>>;
  /** An empty repository of `items`. */
  readonly fresh: () => Promise<Repository<Item>>;
  /** A second repository on the store of `repository`, or `undefined` when the options say there is none. */
  readonly sibling: <TRecord>(
    resource: Resource<TRecord>,
    records: readonly TRecord[],
    repository: Repository<unknown>,
  ) => Promise<Repository<TRecord> | undefined>;
  /** A record body without an id, every field set, with the given overrides. */
  readonly body: (overrides?: Partial<Item>) => Omit<Item, 'id'>;
}

/** Runs of each property under `options`: `numRuns` (default 100), at most {@link SHORT_RUNS} in short mode. */
export function runsOf(options: RepositoryContractOptions): number {
  const runs = options.numRuns ?? 100;
  return options.mode === 'short' ? Math.min(runs, SHORT_RUNS) : runs;
}

/**
 * The shared state of the contract for one suite name, factory and options.
 *
 * @throws TypeError when `options.mode` is neither `'full'`, `'short'` nor absent.
 */
export function createContractContext(
  name: string,
  makeRepository: RepositoryFactory,
  options: RepositoryContractOptions = {},
): ContractContext {
  const mode: unknown = options.mode ?? 'full';
  if (mode !== 'full' && mode !== 'short') throw new TypeError("repositoryContract: mode must be 'full' or 'short'");
  const offset = shortOffsetOf(name);
  // What reading the seed back gives: the seed itself, or with absent optional-and-nullable fields as null.
  const storedOf = (record: Item): Item =>
    options.readsAbsentNullableAsNull ? { ...record, nick: record.nick ?? null } : record;
  return {
    makeRepository,
    options,
    titleOf: (block) => `${name}: ${block}${mode === 'short' ? ' (short)' : ''}`,
    rows: (rows) => (mode === 'short' ? sampleRows(rows, offset) : [...rows]),
    // Only a given seed is passed: `seed: undefined` would override the global configuration's seed.
    assertParameters: {
      numRuns: runsOf(options),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    },
    storedOf,
    STORED: options.readsAbsentNullableAsNull ? SEED.map(storedOf) : SEED,
    seeded: () => Promise.resolve(makeRepository(items, SEED)),
    fresh: () => Promise.resolve(makeRepository(items, [])),
    sibling: async (resource, records, repository) =>
      options.sibling === false
        ? undefined
        : options.sibling === undefined
          ? makeRepository(resource, records)
          : options.sibling(resource, records, repository),
    body: (overrides = {}) => ({
      name: 'Hedy',
      nick: 'hl',
      age: 40,
      score: 3,
      active: true,
      status: 'active',
      createdAt: at('2024-05-06T07:08:09.010Z'),
      ...overrides,
    }),
  };
}
