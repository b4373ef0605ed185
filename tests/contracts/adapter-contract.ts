/**
 * The contract every framework adapter meets, on resources defined only here: per-route pagination, a routes object
 * that disables some types, a custom path, PUT and PATCH semantics, `location` on create, `locals` from a request
 * header reaching a scope, search, field selection (a hidden field answered as an unknown one) and OR groups, the
 * `link` and `x-total-count` headers (below a mount prefix too), and the same status and message for the same fault
 * on every framework, the record lifecycle (soft delete, restore, etags, conditional requests), the JSON depth and batch
 * body limits; one concern a file under `adapter/`, composed here. Call `describeAdapterContract(name, mount)`
 * from an adapter's test file.
 */
import { describe } from 'vitest';
import { describeListGrammarContract } from './adapter/list-grammar-contract';
import { describeBodyRoutesContract } from './adapter/body-routes-contract';
import { describeJsonLimitsContract } from './adapter/json-limits-contract';
import { describeLifecycleContract } from './adapter/lifecycle-contract';
import { describeListHeadersContract } from './adapter/list-headers-contract';
import type { MountAdapter } from './adapter/mount-adapter';
import { mountContractApps } from './adapter/mount-contract-apps';
import { describeRoutesContract } from './adapter/routes-contract';
import { describeSameFaultContract } from './adapter/same-fault-contract';

export type { MountAdapter, MountedApp, MountOptions } from './adapter/mount-adapter';

/** Declares the adapter contract for one framework adapter, on the apps `mount` builds from the contract's routes. */
export function describeAdapterContract(name: string, mount: MountAdapter): void {
  describe(`${name} adapter contract`, () => {
    const apps = mountContractApps(name, mount);
    describeRoutesContract(apps);
    describeSameFaultContract(apps);
    describeListGrammarContract(apps);
    describeListHeadersContract(apps);
  });
  describeLifecycleContract(name, mount);
  describeBodyRoutesContract(name, mount);
  describeJsonLimitsContract(name, mount);
}
