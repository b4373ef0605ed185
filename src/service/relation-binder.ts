import { countByValues, listByValues, type RelationBinding, type Repository, type ScopeOptions } from '../kit/index';
import type { Where } from '../query/index';
import { resolveRelations, type RecordId, type Resource, type ResolvedRelation } from '../resource/index';
import type { CallContext } from './call-context';
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
  forCall(context: CallContext): CallRelations;
  /** Whether a service is bound to the relation `name`. */
  isBound(name: string): boolean;
  /**
   * What the service bound to the relation `name` lends (resolved on first use).
   *
   * @throws Error (a server fault) for a relation without a bound service, or one not made by createResourceService.
   */
  serviceOf(name: string): ServiceEntry;
}

/** The relations of one service call. */
interface CallRelations {
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
    forCall: (context) => new CallRelationsOf(resource, relations, entryOf, context),
    isBound: (name) => bound.has(name),
    serviceOf: entryOf,
  };
}

/**
 * {@link CallRelations} of one call: a class, so that a call allocates one object rather than a closure per step
 * (the include path of a hot list route runs this once per request).
 */
class CallRelationsOf implements CallRelations {
  /** The related scopes computed so far, by relation; not a promise when the related service has no scope. */
  private scopes: Map<string, Scope | Promise<Scope>> | undefined;

  constructor(
    private readonly resource: Resource,
    private readonly relations: ReadonlyMap<string, ResolvedRelation>,
    private readonly entryOf: (name: string) => ServiceEntry,
    private readonly context: CallContext,
  ) {}

  /** The related scope of a relation, computed once per call from the call's context. */
  private scopeOf(name: string): Scope | Promise<Scope> {
    const entry = this.entryOf(name);
    // A related service without a scope has none to compute (nor to remember): only its live records, if it soft-deletes.
    if (entry.scope === undefined) return entry.visible(undefined);
    const scopes = (this.scopes ??= new Map());
    if (scopes.has(name)) return scopes.get(name);
    const scope = relatedScope(entry, this.context);
    scopes.set(name, scope);
    return scope;
  }

  async bindings(names: readonly string[]): Promise<Readonly<Record<string, RelationBinding>>> {
    const out: Record<string, RelationBinding> = {};
    for (const name of names) {
      const entry = this.entryOf(name);
      const scope = await this.scopeOf(name);
      out[name] = scope === undefined ? { repository: entry.repository } : { repository: entry.repository, scope };
    }
    return out;
  }

  embed(items: readonly unknown[], include: readonly string[], counts: readonly string[]): Promise<Row[]> {
    const rows = new Array<Row>(items.length);
    for (let i = 0; i < items.length; i++) rows[i] = copyOf(items[i] as Row);
    const relations = this.relations;
    // One to-one relation (the common case): its promise is the embed's, without a Promise.all around it.
    const only = include.length === 1 && counts.length === 0 ? relations.get(include[0] as string) : undefined;
    if (only?.kind === 'one') return this.embedOne(only.name, only, rows);
    return this.embedAll(rows, include, counts);
  }

  /** {@link embed} of several relations, or a to-many one, or counts: each relation read concurrently. */
  private async embedAll(rows: Row[], include: readonly string[], counts: readonly string[]): Promise<Row[]> {
    const relations = this.relations;
    const toMany = counts.length > 0 || include.some((name) => relations.get(name)?.kind === 'many');
    const ids = toMany ? distinct(rows.map((row) => row[this.resource.idField])) : [];
    const work: Promise<unknown>[] = [];
    for (const name of include) {
      const relation = relations.get(name) as ResolvedRelation;
      work.push(
        relation.kind === 'one' ? this.embedOne(name, relation, rows) : this.embedMany(name, relation, rows, ids),
      );
    }
    if (counts.length > 0) work.push(this.countAll(counts, rows, ids));
    await Promise.all(work);
    return rows;
  }

  /** Sets each row's `name` to its related record (or `null`), read with one call for all the rows; returns `rows`. */
  private embedOne(name: string, relation: ResolvedRelation, rows: Row[]): Promise<Row[]> {
    const pending = this.scopeOf(name);
    return pending instanceof Promise
      ? pending.then((scope) => this.fillOne(name, relation, rows, scope))
      : this.fillOne(name, relation, rows, pending);
  }

  /**
   * {@link embedOne} once the scope is known. The relating values go to the related repository as they are (a value
   * may repeat) and unordered: the records are matched back by id.
   */
  private async fillOne(name: string, relation: ResolvedRelation, rows: Row[], scope: Scope): Promise<Row[]> {
    const entry = this.entryOf(name);
    const field = relation.field;
    const values: RecordId[] = [];
    for (let i = 0; i < rows.length; i++) {
      const value = (rows[i] as Row)[field];
      if (value != null) values.push(value as RecordId);
    }
    const idField = relation.resource.idField;
    const found = values.length === 0 ? [] : await readByValues(entry, idField, values, scope, undefined, false);
    // A store that returns the records in the order of the values (each found) is matched in step; from the first
    // row that breaks step on, through a map by id.
    let i = 0;
    for (let j = 0; i < rows.length; i++) {
      const row = rows[i] as Row;
      const value = row[field];
      if (value == null) row[name] = null;
      else if (j < found.length && (found[j] as Row)[idField] === value) row[name] = entry.hide(found[j++]);
      else break;
    }
    if (i === rows.length) return rows;
    const byId = new Map<unknown, unknown>();
    for (let k = 0; k < found.length; k++) {
      const record = found[k] as Row;
      byId.set(record[idField], entry.hide(record));
    }
    for (; i < rows.length; i++) {
      const row = rows[i] as Row;
      row[name] = byId.get(row[field]) ?? null;
    }
    return rows;
  }

  /** Sets each row's `name` to its related records, at most `maxEmbedded`, read with one call for all the rows. */
  private async embedMany(name: string, relation: ResolvedRelation, rows: Row[], ids: RecordId[]): Promise<void> {
    const entry = this.entryOf(name);
    const scope = await this.scopeOf(name);
    const found = await readByValues(entry, relation.field, ids, scope, relation.maxEmbedded);
    const byParent = new Map<unknown, unknown[]>();
    for (const record of found) {
      const list = byParent.get(record[relation.field]) ?? [];
      if (list.length < relation.maxEmbedded) list.push(entry.hide(record));
      byParent.set(record[relation.field], list);
    }
    const idField = this.resource.idField;
    for (const row of rows) row[name] = Object.freeze(byParent.get(row[idField]) ?? []);
  }

  /** Sets each row's `_count` to its counts of the `counts` relations, with one call per relation. */
  private async countAll(counts: readonly string[], rows: Row[], ids: RecordId[]): Promise<void> {
    const tallies = await Promise.all(
      counts.map(async (name) => {
        const relation = this.relations.get(name) as ResolvedRelation;
        return countOf(this.entryOf(name), relation.field, ids, await this.scopeOf(name));
      }),
    );
    const idField = this.resource.idField;
    for (const row of rows)
      row._count = Object.freeze(
        Object.fromEntries(counts.map((name, i) => [name, tallies[i]?.get(row[idField] as RecordId) ?? 0])),
      );
  }
}

/**
 * Whether the engine adds a property to an object spread's copy quickly. V8 before 12 (Node 20) does it through a
 * slow path, about thirty times slower than to a copy made by `Object.assign`; later V8 (Node 22 on) does it faster
 * than `Object.assign` copies. Other engines: assumed quick.
 */
const SPREAD_COPIES_GROW_FAST = !(
  Number((globalThis as { process?: { versions?: { v8?: string } } }).process?.versions?.v8?.split('.')[0]) < 12
);

/**
 * A copy of an item, to add its embeds to: a spread where that is the quicker, else `Object.assign`, except for an
 * item with an own `__proto__` key, which is always spread (an assignment would set the copy's prototype instead of
 * copying the key).
 */
const copyOf = SPREAD_COPIES_GROW_FAST
  ? (item: Row): Row => ({ ...item })
  : (item: Row): Row => (Object.hasOwn(item, '__proto__') ? { ...item } : Object.assign({}, item));

/** The distinct values that are neither null nor undefined. */
const distinct = (values: readonly unknown[]): RecordId[] => [
  ...new Set(values.filter((value): value is RecordId => value != null)),
];

/**
 * The related service's scope, computed with the call's headers, locals and correlation id, for `operation` (default
 * 'list'), narrowed to its live records (on a resource with soft delete).
 */
export async function relatedScope(
  entry: ServiceEntry,
  context: CallContext,
  operation: 'list' | 'get' = 'list',
): Promise<Scope> {
  if (entry.scope === undefined) return entry.visible(undefined);
  const { headers, correlationId, locals } = context();
  const where = await entry.scope(
    Object.freeze({ resource: entry.resource as Resource<unknown>, headers, correlationId, locals, operation }),
  );
  return entry.visible((where ?? undefined) as Scope);
}

/**
 * The related records whose `field` holds one of `values`, through the related repository's `listByValues` (or the
 * kit's). Not an async function: the repository's promise is handed on as it is (the caller is async and awaits it).
 */
function readByValues(
  entry: ServiceEntry,
  field: string,
  values: readonly RecordId[],
  scope: Scope,
  perValue: number | undefined,
  ordered = true,
): Promise<readonly Row[]> {
  if (values.length === 0) return Promise.resolve([]);
  const repository = entry.repository as Repository<Row>;
  const options = perValue === undefined ? (ordered ? { scope } : { scope, ordered }) : { scope, perValue };
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
export interface ReadRequest<TRecord, TPage, TInput = unknown> {
  readonly input: TInput;
  readonly scope: Where<TRecord> | undefined;
  readonly context: CallContext;
  readonly read: (input: TInput, options: ScopeOptions<TRecord> | undefined) => Promise<TPage>;
}

/**
 * Reads a page of a resource with relations: the bindings of the relations the input's filter and order read go to
 * the repository with the scope, then `include` and `counts` are embedded (one related call per relation for the
 * whole page) and relating fields added to the selection are removed again.
 *
 * @throws HttpError 400 for a hidden related field in the filter or order, or a bad `include` or `counts`; Error (a
 * server fault) for a relation without a bound service.
 */
export async function readWithRelations<TRecord, TPage extends { readonly items: readonly unknown[] }, TInput>(
  binder: RelationBinder,
  request: ReadRequest<TRecord, TPage, TInput>,
): Promise<TPage> {
  const { input, scope, context, read } = request;
  const plan = planRelations(binder.relations, input);
  const call = binder.forCall(context);
  const options =
    plan.used.length > 0
      ? { scope, relations: await call.bindings(plan.used) }
      : scope === undefined
        ? undefined
        : { scope };
  // The plan's input is the request's input, or a copy of it with more fields selected.
  const page = await read(plan.input as TInput, options);
  if (plan.include.length === 0 && plan.counts.length === 0) return page;
  const items = await call.embed(page.items, plan.include, plan.counts);
  if (plan.added.length > 0) for (const item of items) for (const field of plan.added) delete item[field];
  return Object.freeze({ ...page, items: Object.freeze(items) });
}
