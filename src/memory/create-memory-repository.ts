import { v7 as uuidv7 } from 'uuid';
import {
  ownPageResult,
  exactTotalMeta,
  type RepositoryPage,
  normalizeCursorInput,
  normalizeListInput,
  nextCursorOf,
  normalizeScope,
  duplicateIdError,
  missingIdError,
  type CursorInput,
  type CursorPage,
  type ListInput,
  type Resource,
  notFoundError,
  validateCreate,
  validatePatch,
  validateReplace,
  type CreateInput,
  type Patch,
  type RecordId,
  type Repository,
  type ScopeOptions,
  compilePredicate,
  type ByValuesOptions,
  type NormalizedQuery,
  type Where,
  keyOf,
} from '../kit/index';
import { indexedAfter, indexedPage } from './indexed-list';
import { JournaledStore } from './journaled-store';
import { createMemoryBatchWrites } from './memory-batch-writes';
import { readAsRunning, runningReader, withTransactions } from './memory-transaction';
import { pickFields } from './pick-fields';
import { recordClonerOf } from './record-cloner';
import { prepareForeign, readsForeign, relationReadingOf, type RelationReading } from './relation-reading';
import { countsByValues, rowsByValues } from './rows-by-values';

type Row = Record<string, unknown>;

/** Options of {@link createMemoryRepository}. */
export interface MemoryRepositoryOptions<TRecord> {
  /** Records to start with; each is validated like a create. */
  readonly records?: Iterable<CreateInput<TRecord>>;
  /**
   * Makes the id of a record created without one (default: uuid v7, time-ordered, for a string id field). A resource
   * with an integer id field has no default: without `generateId`, a record created without an id is a 400
   * (`id: the id is required`), so its ids come from the caller (`clientIds: true`, a hook, or seed records).
   */
  readonly generateId?: () => RecordId;
}

/**
 * Creates the embedded in-memory repository of a resource. Records are stored and returned as copies. A list's
 * `search` is answered from packed, lower-cased text columns of the searchable fields (built on first use, kept in
 * step with writes), and `select` trims each returned item to the selected fields.
 *
 * Relations (`options.relations` of `list` and `listByCursor`): a relation bound to a memory repository is read
 * natively, a to-one one by id in the related store, a to-many one through an equality index of the relating field
 * (built on first use, kept in step with writes), within the related scope; one bound to another kind of repository
 * goes through the kit fallback (`resolveRelationTerms`, bounded by `RELATED_READ_LIMIT`). `listByValues` and
 * `countByValues` read the same indexes, for the service's `include` and `counts`.
 *
 * `transaction(work)` runs `work` in a memory transaction that any memory repository can join
 * (`tx.repository(other)`); transactions run one at a time, and while one holds a repository, reads from outside the
 * transaction see the committed state and writes wait until it has ended (docs/hooks-and-service.md, "Transactions").
 *
 * `createMany`, `updateMany` and `deleteMany` validate every item, then apply them in order through a journal of
 * their own: the first that fails (409, 404) undoes the ones before it, so a batch writes all or nothing, inside a
 * transaction too (see `createMemoryBatchWrites` for repeated ids).
 *
 * @throws HttpError 400 when a seed record is invalid, 409 when two seed records share an id.
 * @example
 * const repository = createMemoryRepository(users, { records: seed });
 * const page = await repository.list({ where: { age: { gte: 18 } }, limit: 20, page: 1 });
 * const names = await repository.list({ search: 'ada', select: ['username'] }); // items: { id, username }
 */
export function createMemoryRepository<TRecord>(
  resource: Resource<TRecord>,
  options: MemoryRepositoryOptions<TRecord> = {},
): Repository<TRecord> {
  const store = new JournaledStore(resource as Resource);
  // Callers get copies: changes to them never reach the store.
  const clone = recordClonerOf(resource as Resource);
  const idField = resource.idField;
  const numberIds = (resource as Resource).fields.get(idField)?.kind === 'number';
  const generateId = options.generateId ?? (numberIds ? undefined : uuidv7);

  // zod returns a new object but may hand back the caller's own Date (and nested) instances: copy those, so later
  // changes to the input never reach the store. A value zod made itself (`z.coerce.date()` builds a new Date) is
  // not the input's, and is kept as it is.
  const shared = [...(resource as Resource).fields.values()]
    .filter((def) => def.kind === 'date' || def.kind === 'other')
    .map((def) => def.name);
  const detach = (record: Row, input: unknown): Row => {
    for (const name of shared) {
      const value = record[name];
      if (typeof value !== 'object' || value === null || value !== (input as Row)[name]) continue;
      record[name] = value instanceof Date ? new Date(value.getTime()) : structuredClone(value);
    }
    return record;
  };
  const prepare = (data: unknown, taken: (id: RecordId) => boolean): Row => {
    const validated = detach(validateCreate(resource, data), data);
    // A generated id leads the record, as a stored row's id column usually does.
    if (validated[idField] === undefined && generateId === undefined) throw missingIdError(resource);
    const record = validated[idField] === undefined ? { [idField]: generateId?.(), ...validated } : validated;
    const id = record[idField] as RecordId;
    if (taken(id)) throw duplicateIdError(resource, id);
    return record;
  };
  const insert = (data: unknown): TRecord => {
    const record = prepare(data, (id) => store.find(id) !== undefined);
    store.add(record);
    return record as TRecord;
  };

  /**
   * The stored record with this id, when it also matches the scope (and `where`, a batch item's own condition); else
   * a 404 alike for every case.
   */
  const find = (id: unknown, options?: ScopeOptions<TRecord>, where?: Where<TRecord>): Row => {
    // The scope and `where` are validated first: an invalid one is a server fault whether or not the id exists.
    const test = (condition: Where<TRecord> | undefined) =>
      condition == null ? undefined : compilePredicate(normalizeScope(condition, resource as Resource));
    const inScope = test(options?.scope);
    const matches = test(where);
    const record = typeof id === 'string' || typeof id === 'number' ? store.find(id) : undefined;
    const found =
      record !== undefined && (inScope === undefined || inScope(record)) && (matches === undefined || matches(record));
    if (!found) throw notFoundError(resource, id);
    return record;
  };

  /**
   * Runs the synchronous `read` of a listing with the relations its query reads: natively and at once when every
   * relation it reads is bound to a memory repository (no await before the read: a transaction's view holds), else
   * after the kit fallback has read the other repositories, on the view of the transaction the call was made in.
   */
  const withRelations = <T>(
    query: NormalizedQuery,
    relations: ScopeOptions<TRecord>['relations'],
    read: (query: NormalizedQuery, related: RelationReading | undefined) => T,
  ): T | Promise<T> => {
    if (!readsForeign(resource as Resource, query, relations)) {
      const related = relationReadingOf(resource as Resource, query, relations);
      return related ? related.run(() => read(query, related)) : read(query, undefined);
    }
    const reader = runningReader();
    const distinct = (field: string) => {
      const values = new Map<unknown, unknown>();
      store.scan((row) => void (row[field] != null && values.set(keyOf(row[field]), row[field])));
      return [...values.values()];
    };
    const relatingValues = (field: string) => readAsRunning([store], () => distinct(field), reader);
    return prepareForeign(resource as Resource, query, relations, relatingValues).then((prepared) => {
      const related = relationReadingOf(resource as Resource, prepared.query, relations, prepared.foreign);
      const stores = [store, ...(related?.stores ?? [])];
      return readAsRunning(stores, () => read(prepared.query, related), reader);
    });
  };

  if (options.records) {
    // Bulk load: validate every record, then build each index with one sort (duplicates show up as neighbours).
    const rows: Row[] = [];
    for (const data of options.records) rows.push(prepare(data, () => false));
    const duplicate = store.load(rows);
    if (duplicate !== undefined) throw duplicateIdError(resource, duplicate);
  }

  return withTransactions(store, {
    ...createMemoryBatchWrites({
      resource,
      store,
      prepare: (data) => prepare(data, () => false),
      find,
      clone: (record) => clone(record),
    }),
    async create(data: CreateInput<TRecord>): Promise<TRecord> {
      return clone(insert(data));
    },
    async get(id: RecordId, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      return clone(find(id, options) as TRecord);
    },
    async update(id: RecordId, patch: Patch<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      // Only the keys the patch names with a value (undefined means "not given"), each parsed with its own field
      // schema: no default is filled in for a field the patch leaves out. Validated first, as in PostgreSQL.
      const changes = validatePatch(resource, patch, id);
      const current = find(id, options);
      const updated = clone({ ...current, ...changes });
      store.replace(current, updated);
      return clone(updated as TRecord);
    },
    async replace(id: RecordId, data: CreateInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const replacement = detach(validateReplace(resource, data, id), data);
      const current = find(id, options);
      store.replace(current, replacement);
      return clone(replacement as TRecord);
    },
    async delete(id: RecordId, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const record = find(id, options);
      store.remove(record);
      return clone(record as TRecord);
    },
    async list(query?: ListInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<RepositoryPage<TRecord>> {
      const normalized = normalizeListInput(query, resource as Resource, {
        scope: options?.scope,
        relations: options?.relations,
      });
      const listed = withRelations(normalized, options?.relations, (query, related) =>
        indexedPage(store, related ? related.fromRelatedSide(query) : query, related),
      );
      const { items, total } = listed instanceof Promise ? await listed : listed;
      return ownPageResult(
        items.map((row) => pickFields<TRecord>(row, normalized.select, clone)),
        exactTotalMeta(normalized, total),
      );
    },
    async listByCursor(query?: CursorInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<CursorPage<TRecord>> {
      const normalized = normalizeCursorInput(query, resource as Resource, {
        scope: options?.scope,
        relations: options?.relations,
      });
      const listed = withRelations(normalized, options?.relations, (read, related) => {
        const rows = indexedAfter(store, related ? related.fromRelatedSide(read) : read, related);
        const page = rows.slice(0, normalized.limit);
        const last = page[page.length - 1];
        // The cursor holds the last record's sort values: taken from the whole row (with the values of the order's
        // relation paths), before the selection trims it; it binds the query as given (`read` keeps its binding).
        const more = rows.length > normalized.limit && last;
        return { page, nextCursor: more ? nextCursorOf(read, related ? related.cursorRow(last) : last) : null };
      });
      const { page, nextCursor } = listed instanceof Promise ? await listed : listed;
      const items = page.map((row) => pickFields<TRecord>(row, normalized.select, clone));
      return Object.freeze({ items: Object.freeze(items), nextCursor });
    },
    async listByValues(
      field: keyof TRecord & string,
      values: readonly RecordId[],
      options?: ByValuesOptions<TRecord>,
    ): Promise<readonly TRecord[]> {
      const rows = rowsByValues(store, resource as Resource, field, values, options as ByValuesOptions<unknown>);
      const out = new Array<TRecord>(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = clone(rows[i] as TRecord);
      return out;
    },
    async countByValues(
      field: keyof TRecord & string,
      values: readonly RecordId[],
      options?: ByValuesOptions<TRecord>,
    ): Promise<ReadonlyMap<RecordId, number>> {
      return countsByValues(store, resource as Resource, field, values, options as ByValuesOptions<unknown>) as Map<
        RecordId,
        number
      >;
    },
  });
}
