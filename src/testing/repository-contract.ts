/** The repository contract suite: every block, declared for one repository factory. */
import { describe } from 'vitest';
import { batchContract } from './batch-contract';
import { batchServiceContract } from './batch-service-contract';
import {
  createContractContext,
  type ContractContext,
  type RepositoryContractBlock,
  type RepositoryContractBlocks,
  type RepositoryContractOptions,
  type RepositoryFactory,
} from './contract-context';
import { crudContract } from './crud-contract';
import { cursorContract } from './cursor-contract';
import { lifecycleContract } from './lifecycle-contract';
import { listContract } from './list-contract';
import { totalContract } from './total-contract';
import { orGroupsContract } from './or-groups-contract';
import { propertiesContract } from './properties-contract';
import { relationRules } from './relation-contract';
import { replaceContract } from './replace-contract';
import { scopeContract } from './scope-contract';
import { searchContract } from './search-contract';
import { selectContract } from './select-contract';
import { transactionContract } from './transaction-contract';

/**
 * Declares the shared repository contract suite with vitest's `describe`/`it`: create, get, update, replace and delete
 * (copies, ids, 404s, 409s, 400s that change nothing), list and listByCursor (page metadata, every operator, ordering
 * by code point with nulls last ascending and the id tie-breaker, limits, cursor binding, malformed cursors), the
 * scope option, search, select and OR groups, page- and cursor-walk properties against a reference model, and, for
 * a repository with `transaction(work)`, the transaction rules (commit, full rollback, the error rethrown, a sibling
 * repository joined, concurrent transactions; skipped with that reason on a repository without it), for a repository
 * with `createMany`, `updateMany` and `deleteMany` the batch rules of `batchContract` (all or nothing, as the single
 * calls in order would answer; skipped likewise), and with
 * `relations: true` the relation rules of {@link relationContract}; `blocks` declares some of these blocks only.
 *
 * Call it at the top level of a vitest test file. `factory` gets one of the contract's resources and the records to
 * start with, and returns a fresh, isolated repository holding exactly them (it is called for each test and for each
 * run of a property). The tests are declared under `describe('<name>: Repository contract')`, or
 * `describe('<name>: Repository contract (short)')` with `mode: 'short'`, which declares a sample of each table's rows
 * and caps each property's runs (for the secondary legs of a store whose full run is elsewhere).
 *
 * @param name - What the suite is run against, shown in the test names.
 * @param factory - Builds a fresh repository of a resource holding the given records.
 * @param options - Runs of each property, the SQL null rule, a fast-check seed, how to make a sibling repository,
 *   whether to run the relation rules, the full or the short mode.
 * @throws TypeError when `options.mode` is neither `'full'`, `'short'` nor absent.
 *
 * @example
 * ```ts
 * // my-repository.test.ts, run by vitest
 * import { repositoryContract } from 'pagelope/testing';
 * import { createMyRepository } from './my-repository';
 *
 * // A fresh store per call (a new table, collection or array) holding exactly `records`.
 * repositoryContract('createMyRepository', (resource, records) => createMyRepository(resource, { records }), {
 *   numRuns: 40,
 * });
 * ```
 */
export function repositoryContract(
  name: string,
  factory: RepositoryFactory,
  options: RepositoryContractOptions = {},
): void {
  const context = createContractContext(name, factory, options);
  const declared = blocksOf(options.blocks);
  describe(context.titleOf('Repository contract'), () => {
    for (const [block, declare] of BLOCKS) {
      if (declared(block) && (block !== 'relations' || options.relations === true)) declare(context);
    }
  });
}

/** Each block of the contract, in the order they are declared. */
const BLOCKS: readonly (readonly [RepositoryContractBlock, (context: ContractContext) => void])[] = [
  ['crud', crudContract],
  ['replace', replaceContract],
  ['list', listContract],
  ['total', totalContract],
  ['cursor', cursorContract],
  ['scope', scopeContract],
  ['search', searchContract],
  ['select', selectContract],
  ['or-groups', orGroupsContract],
  ['properties', propertiesContract],
  ['transaction', transactionContract],
  ['lifecycle', lifecycleContract],
  ['batch', batchContract],
  ['batch-service', batchServiceContract],
  ['relations', (context) => describe('relations', () => relationRules(context))],
];

/**
 * Whether `blocks` (the option) declares a block.
 *
 * @throws TypeError for a `blocks` that is not `{ only: [...] }` or `{ except: [...] }` of known block names.
 */
function blocksOf(blocks: RepositoryContractBlocks | undefined): (block: RepositoryContractBlock) => boolean {
  if (blocks === undefined) return () => true;
  const given: { only?: unknown; except?: unknown } = typeof blocks === 'object' && blocks !== null ? blocks : {};
  const { only, except } = given;
  const names = only ?? except;
  const known = new Set<unknown>(BLOCKS.map(([block]) => block));
  if (
    (only === undefined) === (except === undefined) ||
    !Array.isArray(names) ||
    !names.every((name) => known.has(name))
  ) {
    throw new TypeError(
      `repositoryContract: blocks must be { only: [...] } or { except: [...] } of ${[...known].join(', ')}`,
    );
  }
  const listed = new Set<unknown>(names);
  return only === undefined ? (block) => !listed.has(block) : (block) => listed.has(block);
}
