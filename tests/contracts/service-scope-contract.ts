/**
 * The request-scope contract of the resource service on every repository adapter: a service whose `scope` restricts
 * each operation to one tenant lists exactly that tenant's records (pages and cursors), answers for another tenant's
 * id exactly as for a missing one and changes nothing, stamps the tenant on create and replace, and refuses with a 403
 * (storing nothing) a write that would leave the scope. Call `describeServiceScopeContract(name, makeRepository)`
 * from an adapter's test file.
 */
import type { RepositoryFactory as MakeRepository } from 'pagelope/testing';
import { describe } from 'vitest';
import { describeScopeReadContract } from './service-scope/scope-read-contract';
import { createScopeSetup } from './service-scope/scope-setup';
import { describeScopeWriteContract } from './service-scope/scope-write-contract';

export { docs, docSchema, type Doc } from './service-scope/fixtures';

/** Options of {@link describeServiceScopeContract}. */
export interface ServiceScopeContractOptions {
  /** Runs of each property (default 100; lower it for slow adapters). */
  readonly numRuns?: number;
}

/** Declares the service scope contract for one repository adapter: list and cursor walks, ids, stamping, 403s. */
export function describeServiceScopeContract(
  name: string,
  makeRepository: MakeRepository,
  options: ServiceScopeContractOptions = {},
): void {
  const numRuns = options.numRuns ?? 100;

  const setup = createScopeSetup(makeRepository);

  describe(`${name}: service scope contract`, () => {
    describe('createResourceService', () => {
      describe('scope', () => {
        describeScopeReadContract(setup, numRuns);
        describeScopeWriteContract(setup, numRuns);
      });
    });
  });
}
