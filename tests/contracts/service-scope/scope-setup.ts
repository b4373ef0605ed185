/** A scoped service over a fresh repository of the given records, for each property run of the scope contract. */
import { createResourceService, type Repository } from '../../../src/index';
import type { RepositoryFactory as MakeRepository } from 'pagelope/testing';
import { byId, docs, type Doc, type Locals, type Service } from './fixtures';

/** A scoped service, its repository, and every stored record (unscoped, in id order). */
export interface ScopeSetup {
  readonly repository: Repository<Doc>;
  readonly service: Service;
  readonly snapshot: () => Promise<Doc[]>;
}

/** The setup of one property run: a service over a fresh repository of `all`, each call scoped to its tenant. */
export type SetupScope = (all: readonly Doc[]) => Promise<ScopeSetup>;

/** The setup of the contract on the repositories `makeRepository` makes. */
export function createScopeSetup(makeRepository: MakeRepository): SetupScope {
  /** A service over a fresh repository of `all`, every operation restricted to the tenant in `locals`. */
  async function setup(all: readonly Doc[]) {
    const repository: Repository<Doc> = await makeRepository(docs, all);
    const service: Service = createResourceService<Doc, Locals>({
      resource: docs,
      repository,
      scope: ({ locals }) => ({ tenantId: locals.tenantId }),
    });
    /** Every stored record, unscoped, in id order. */
    const snapshot = async () => [...(await repository.list({ limit: 50 })).items].sort(byId);
    return { repository, service, snapshot };
  }
  return setup;
}
