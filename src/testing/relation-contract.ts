/** The relation rules of issue 19, declared for one repository factory (on their own, or inside the contract). */
import { describe } from 'vitest';
import {
  type ContractContext,
  createContractContext,
  type RepositoryContractOptions,
  type RepositoryFactory,
  runsOf,
} from './contract-context';
import { relationByValuesContract } from './relation-by-values-contract';
import { relationEmbedContract } from './relation-embed-contract';
import { relationFilterContract } from './relation-filter-contract';
import { relationLeakContract } from './relation-leak-contract';

/**
 * Runs of each relation property: half the contract's (each run makes three repositories, and the contract's are
 * capped in short mode), at least one.
 */
export const relationRunsOf = (options: RepositoryContractOptions): number =>
  Math.max(1, Math.ceil(runsOf(options) / 2));

/** The blocks of the relation rules, on a contract context. */
export function relationRules(context: ContractContext): void {
  const numRuns = relationRunsOf(context.options);
  relationFilterContract(context, numRuns);
  relationByValuesContract(context, numRuns);
  relationEmbedContract(context, numRuns);
  relationLeakContract(context);
}

/**
 * Declares the relation rules with vitest's `describe`/`it`, on `authors`, `books` (to-one `author`, to-many
 * `reviews`) and `reviews`, each scoped by tenant: relation filters (`{ author: {...} }`, `{ reviews: { any | all |
 * none: {...} } }`, in OR groups, with a search) select each matching book once and totals count distinct books;
 * `all` never matches a book without reviews and `none` does; to-one sorts put books without a visible author last
 * ascending and first descending; page and cursor walks agree with a reference model for random records, scopes
 * and queries; `listByValues` and `countByValues` (when the repository has them) answer per value within the scope;
 * a service over the repositories embeds (`include`) and counts (`counts`) the related sets, capped, never trimmed
 * by a filter, without hidden fields, and never shows one tenant another's related records.
 *
 * `factory` is called for each of the three resources of a scenario, related repositories first; a repository
 * answers relation terms natively when it recognises the related repository bound to it (for example, a table of
 * the same database), else through the kit. Also run by {@link repositoryContract} with `relations: true`.
 *
 * @param name - What the rules are run against, shown in the test names.
 * @param factory - Builds a fresh repository of a resource holding the given records.
 * @param options - Runs of each property (the relation properties run half of them), a fast-check seed, the full or
 *   the short mode (`describe('<name>: relation rules (short)')`: a sample of each table's rows, fewer runs).
 * @throws TypeError when `options.mode` is neither `'full'`, `'short'` nor absent.
 *
 * @example
 * ```ts
 * import { relationContract } from 'pagelope/testing';
 * relationContract('createMyRepository', (resource, records) => createMyRepository(resource, { records }), {
 *   numRuns: 40,
 * });
 * ```
 */
export function relationContract(
  name: string,
  factory: RepositoryFactory,
  options: RepositoryContractOptions = {},
): void {
  const context = createContractContext(name, factory, options);
  describe(context.titleOf('relation rules'), () => {
    relationRules(context);
  });
}
