import type { Repository } from '../kit/index';
import type { Where } from '../query/index';
import type { Resource } from '../resource/index';
import type { ScopeFunction } from './contexts';

/** What a service made by `createResourceService` lends the services whose relations are bound to it. */
export interface ServiceEntry {
  readonly resource: Resource;
  readonly repository: Repository<unknown>;
  /** Its request scope function, if it has one. */
  readonly scope: ScopeFunction<unknown, unknown> | undefined;
  /** Removes its resource's hidden fields from a record. */
  readonly hide: (record: unknown) => unknown;
  /**
   * Its request scope (or none) narrowed to the records a relation may read: the live ones, on a resource with soft
   * delete (deleted records are never embedded, counted or matched); the scope itself otherwise.
   */
  readonly visible: (scope: Where<Record<string, unknown>> | undefined) => Where<Record<string, unknown>> | undefined;
}

const entries = new WeakMap<object, ServiceEntry>();

/** Records what `service` lends to the services bound to it (called once, by `createResourceService`). */
export function registerService(service: object, entry: ServiceEntry): void {
  entries.set(service, entry);
}

/** What a service made by `createResourceService` lends, or undefined for any other value. */
export function serviceEntryOf(service: unknown): ServiceEntry | undefined {
  return typeof service === 'object' && service !== null ? entries.get(service) : undefined;
}
