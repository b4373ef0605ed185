import { v7 as uuidv7 } from 'uuid';
import {
  normalizeScope,
  duplicateIdError,
  missingIdError,
  type CursorInput,
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
  type Where,
} from '../kit/index';
import { JournaledStore } from './journaled-store';
import { createMemoryBatchWrites } from './memory-batch-writes';
import { memoryCountByValues, memoryList, memoryListByCursor, memoryListByValues } from './memory-listings';
import { withTransactions } from './memory-transaction';
import { recordClonerOf } from './record-cloner';

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

  const source = { store, resource: resource as Resource, clone };

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
    list: (query?: ListInput<TRecord>, options?: ScopeOptions<TRecord>) => memoryList(source, query, options),
    listByCursor: (query?: CursorInput<TRecord>, options?: ScopeOptions<TRecord>) =>
      memoryListByCursor(source, query, options),
    listByValues: (field: keyof TRecord & string, values: readonly RecordId[], options?: ByValuesOptions<TRecord>) =>
      memoryListByValues(source, field, values, options),
    countByValues: (field: keyof TRecord & string, values: readonly RecordId[], options?: ByValuesOptions<TRecord>) =>
      memoryCountByValues(source, field, values, options),
  });
}
