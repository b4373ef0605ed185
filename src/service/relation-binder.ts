import { countByValues, listByValues, type RelationBinding, type Repository, type ScopeOptions } from '../kit/index';
import type { Where } from '../query/index';
import { resolveRelations, type RecordId, type Resource, type ResolvedRelation } from '../resource/index';
import type { OperationContext } from './contexts';
import { planRelations } from './relation-plan';
import { serviceEntryOf, type ServiceEntry } from './relation-registry';

type Row = Record<string, unknown>;
type Scope = Where<Record<string, unknown>> | undefined;

/**
 * A related resource's service bound to a relation: a service `createResourceService` made, or a function returning
 * one (so that two services can name each other; it is called when the relation is first used).
 */
export type RelatedService = object | (() => object);

/** The relations of one service, bound to their related services. */
export interface RelationBinder {
  /** The resource's relations, resolved (empty when it has none). */
  readonly relations: ReadonlyMap<string, ResolvedRelation>;
  /** The relations of one call, whose related scopes are computed from `context` once each. */
  forCall(context: () => OperationContext<unknown, unknown>): CallRelations;
}

/** The relations of one service call. */
export interface CallRelations {
  /** The bindings of `names` for the repository (`ScopeOptions.relations`). */
  bindings(names: readonly string[]): Promise<Readonly<Record<string, RelationBinding>>>;
  /**
   * Copies of `items`, each with its `include`d relations (a record or `null`, an array) and `_count` of its
   * `counts`, read with one related call per relation for all the items.
   */
  embed(items: readonly unknown[], include: readonly string[], counts: readonly string[]): Promise<Row[]>;
}

/**
 * Binds a resource's relations to services, as `createResourceService({ relations })` takes them.
 *
 * @throws TypeError when a key is not a relation of the resource (or the resource's relations are mis-declared).
 */
export function createRelationBinder(
  resource: Resource,
  services: Readonly<Record<string, RelatedService>> | undefined,
): RelationBinder {
  const relations = resolveRelations(resource);
  const bound = new Map<string, RelatedService>();
  for (const [name, service] of Object.entries(services ?? {})) {
    if (!relations.has(name))
      throw new TypeError(`createResourceService(${JSON.stringify(resource.name)}): "${name}" is not a relation`);
    if (typeof service !== 'function' && (typeof service !== 'object' || service === null))
      throw new TypeError(
        `createResourceService(${JSON.stringify(resource.name)}): relation "${name}" needs a service`,
      );
    bound.set(name, service);
  }
  // A relation clients may use over HTTP must be bound now: a request must never reach an unbound one (a 500).
  for (const relation of relations.values()) {
    const open =
      relation.includable || relation.countable || relation.filterable.size > 0 || relation.sortable.size > 0;
    if (open && !bound.has(relation.name))
      throw new TypeError(
        `createResourceService(${JSON.stringify(resource.name)}): relation "${relation.name}" is open to clients ` +
          '(includable, countable, filterable or sortable) but no service is bound to it (the relations option)',
      );
  }
  const resolved = new Map<string, ServiceEntry>();
  /** @throws Error (a server fault) for a relation without a bound service, or one not made by createResourceService. */
  const entryOf = (name: string): ServiceEntry => {
    let entry = resolved.get(name);
    if (entry === undefined) {
      const service = bound.get(name);
      if (service === undefined)
        throw new Error(`"${resource.name}": relation "${name}" is used, but no service is bound to it`);
      entry = serviceEntryOf(typeof service === 'function' ? (service as () => unknown)() : service);
      if (entry === undefined)
        throw new Error(
          `"${resource.name}": relation "${name}" is bound to something createResourceService did not make`,
        );
      resolved.set(name, entry);
    }
    return entry;
  };

  return {
    relations,
    forCall(context) {
      const scopes = new Map<string, Promise<Scope>>();
      const scopeOf = (name: string): Promise<Scope> => {
        let scope = scopes.get(name);
        if (scope === undefined) {
          scope = relatedScope(entryOf(name), context);
          scopes.set(name, scope);
        }
        return scope;
      };
      return {
        async bindings(names) {
          const out: Record<string, RelationBinding> = {};
          for (const name of names) {
            const entry = entryOf(name);
            const scope = await scopeOf(name);
            out[name] =
              scope === undefined ? { repository: entry.repository } : { repository: entry.repository, scope };
          }
          return out;
        },
        async embed(items, include, counts) {
          const rows = items.map((item) => ({ ...(item as Row) }));
          const idField = resource.idField;
          const ids = distinct(rows.map((row) => row[idField]));
          await Promise.all([
            ...include.map(async (name) => {
              const relation = relations.get(name) as ResolvedRelation;
              const entry = entryOf(name);
              const scope = await scopeOf(name);
              if (relation.kind === 'one') {
                const keys = distinct(rows.map((row) => row[relation.field]));
                const found = await readByValues(entry, relation.resource.idField, keys, scope, undefined);
                const byId = new Map(found.map((record) => [record[relation.resource.idField], entry.hide(record)]));
                for (const row of rows) row[name] = byId.get(row[relation.field]) ?? null;
                return;
              }
              const found = await readByValues(entry, relation.field, ids, scope, relation.maxEmbedded);
              const byParent = new Map<unknown, unknown[]>();
              for (const record of found) {
                const list = byParent.get(record[relation.field]) ?? [];
                if (list.length < relation.maxEmbedded) list.push(entry.hide(record));
                byParent.set(record[relation.field], list);
              }
              for (const row of rows) row[name] = Object.freeze(byParent.get(row[idField]) ?? []);
            }),
            ...(counts.length === 0
              ? []
              : [
                  (async () => {
                    const tallies = await Promise.all(
                      counts.map(async (name) => {
                        const relation = relations.get(name) as ResolvedRelation;
                        const entry = entryOf(name);
                        return countOf(entry, relation.field, ids, await scopeOf(name));
                      }),
                    );
                    for (const row of rows)
                      row._count = Object.freeze(
                        Object.fromEntries(
                          counts.map((name, i) => [name, tallies[i]?.get(row[idField] as RecordId) ?? 0]),
                        ),
                      );
                  })(),
                ]),
          ]);
          return rows;
        },
      };
    },
  };
}

/** The distinct values that are neither null nor undefined. */
const distinct = (values: readonly unknown[]): RecordId[] => [
  ...new Set(values.filter((value): value is RecordId => value != null)),
];

/** The related service's scope, computed with the call's headers, locals and correlation id, for operation 'list'. */
async function relatedScope(entry: ServiceEntry, context: () => OperationContext<unknown, unknown>): Promise<Scope> {
  if (entry.scope === undefined) return undefined;
  const { headers, correlationId, locals } = context();
  const where = await entry.scope(
    Object.freeze({ resource: entry.resource as never, headers, correlationId, locals, operation: 'list' as const }),
  );
  return (where ?? undefined) as Scope;
}

async function readByValues(
  entry: ServiceEntry,
  field: string,
  values: readonly RecordId[],
  scope: Scope,
  perValue: number | undefined,
): Promise<readonly Row[]> {
  if (values.length === 0) return [];
  const repository = entry.repository as Repository<Row>;
  const options = { scope, ...(perValue === undefined ? {} : { perValue }) };
  if (repository.listByValues) return repository.listByValues(field, values, options);
  return listByValues(repository, { resource: entry.resource, field, values, ...options });
}

async function countOf(
  entry: ServiceEntry,
  field: string,
  values: readonly RecordId[],
  scope: Scope,
): Promise<ReadonlyMap<RecordId, number>> {
  if (values.length === 0) return new Map();
  const repository = entry.repository as Repository<Row>;
  if (repository.countByValues) return repository.countByValues(field, values, { scope });
  return countByValues(repository, { resource: entry.resource, field, values, scope });
}

/** What {@link readWithRelations} reads: the input, the request scope, the call's context and the repository read. */
export interface ReadRequest<TRecord, TPage> {
  readonly input: unknown;
  readonly scope: Where<TRecord> | undefined;
  readonly context: () => object;
  readonly read: (input: never, options: ScopeOptions<TRecord> | undefined) => Promise<TPage>;
}

/**
 * Reads a page of a resource with relations: the bindings of the relations the input's filter and order read go to
 * the repository with the scope, then `include` and `counts` are embedded (one related call per relation for the
 * whole page) and relating fields added to the selection are removed again.
 *
 * @throws HttpError 400 for a hidden related field in the filter or order, or a bad `include` or `counts`; Error (a
 * server fault) for a relation without a bound service.
 */
export async function readWithRelations<TRecord, TPage extends { readonly items: readonly unknown[] }>(
  binder: RelationBinder,
  request: ReadRequest<TRecord, TPage>,
): Promise<TPage> {
  const { input, scope, context, read } = request;
  const plan = planRelations(binder.relations, input);
  const call = binder.forCall(context as () => OperationContext<unknown, unknown>);
  const options =
    plan.used.length > 0
      ? { scope, relations: await call.bindings(plan.used) }
      : scope === undefined
        ? undefined
        : { scope };
  const page = await read(plan.input as never, options);
  if (plan.include.length === 0 && plan.counts.length === 0) return page;
  const items = await call.embed(page.items, plan.include, plan.counts);
  if (plan.added.length > 0) for (const item of items) for (const field of plan.added) delete item[field];
  return Object.freeze({ ...page, items: Object.freeze(items) });
}
