import { v7 as uuidv7 } from 'uuid';
import { HttpError } from '../../errors/index';
import { cloneRecord } from '../../internal/clone-record';
import { encodeCursor } from '../../pagination/cursor';
import { ownPageResult, type PageResult } from '../../pagination/page-result';
import { normalizeListInput } from '../../query/normalize-list-input';
import { queryFingerprint } from '../../query/normalized-query';
import { quote } from '../../query/problems';
import type { CursorInput, CursorPage, ListInput } from '../../query/types';
import type { Resource } from '../../resource/define-resource';
import { validateRecord } from '../../resource/validate-record';
import type { CreateInput, Patch, Repository } from '../repository';
import { indexedAfter, indexedPage } from './indexed-list';
import { MemoryStore } from './memory-store';

type Row = Record<string, unknown>;

/** Options of {@link createMemoryRepository}. */
export interface MemoryRepositoryOptions<TRecord> {
  /** Records to start with; each is validated like a create. */
  readonly records?: Iterable<CreateInput<TRecord>>;
  /** Makes the id of a record created without one (default: uuid v7, time-ordered). */
  readonly generateId?: () => string;
}

/**
 * Creates the embedded in-memory repository of a resource. Records are stored and returned as copies.
 *
 * @throws HttpError 400 when a seed record is invalid, 409 when two seed records share an id.
 * @example
 * const repository = createMemoryRepository(users, { records: seed });
 * const page = await repository.list({ where: { age: { gte: 18 } }, limit: 20, page: 1 });
 */
export function createMemoryRepository<TRecord>(
  resource: Resource<TRecord>,
  options: MemoryRepositoryOptions<TRecord> = {},
): Repository<TRecord> {
  const store = new MemoryStore(resource as Resource);
  const idField = resource.idField;
  const generateId = options.generateId ?? uuidv7;

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
  const prepare = (data: unknown, taken: (id: string) => boolean): Row => {
    const record = detach(validateRecord(resource, data, 'create'), data);
    if (record[idField] === undefined) record[idField] = generateId();
    const id = record[idField] as string;
    if (taken(id)) throw new HttpError(409, `${resource.name} ${quote(id)} already exists`);
    return record;
  };
  const insert = (data: unknown): TRecord => {
    const record = prepare(data, (id) => store.find(id) !== undefined);
    store.add(record);
    return record as TRecord;
  };

  const find = (id: unknown): Row => {
    const record = typeof id === 'string' ? store.find(id) : undefined;
    if (record === undefined) throw new HttpError(404, `${resource.name} ${quote(String(id))} not found`);
    return record;
  };

  if (options.records) {
    // Bulk load: validate every record, then build each index with one sort (duplicates show up as neighbours).
    const rows: Row[] = [];
    for (const data of options.records) rows.push(prepare(data, () => false));
    const duplicate = store.load(rows);
    if (duplicate !== undefined) throw new HttpError(409, `${resource.name} ${quote(duplicate)} already exists`);
  }

  return Object.freeze({
    async create(data: CreateInput<TRecord>): Promise<TRecord> {
      return cloneRecord(insert(data));
    },
    async get(id: string): Promise<TRecord> {
      return cloneRecord(find(id) as TRecord);
    },
    async update(id: string, patch: Patch<TRecord>): Promise<TRecord> {
      const current = find(id);
      const changes = validateRecord(resource, patch, 'patch', id);
      // An undefined value means "not given", as an absent key does: it must never erase a required field.
      const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const updated = cloneRecord({ ...current, ...given });
      store.replace(current, updated);
      return cloneRecord(updated as TRecord);
    },
    async delete(id: string): Promise<TRecord> {
      const record = find(id);
      store.remove(record);
      return cloneRecord(record as TRecord);
    },
    async list(query?: ListInput<TRecord>): Promise<PageResult<TRecord>> {
      const normalized = normalizeListInput(query, resource as Resource, 'page');
      const { items, total } = indexedPage(store, normalized);
      return ownPageResult(
        items.map((row) => cloneRecord(row as TRecord)),
        {
          total,
          page: normalized.page,
          limit: normalized.limit,
        },
      );
    },
    async listByCursor(query?: CursorInput<TRecord>): Promise<CursorPage<TRecord>> {
      const normalized = normalizeListInput(query, resource as Resource, 'cursor');
      const rows = indexedAfter(store, normalized);
      const page = rows.slice(0, normalized.limit) as TRecord[];
      const last = page[page.length - 1] as Record<string, unknown> | undefined;
      const nextCursor =
        rows.length > normalized.limit && last
          ? encodeCursor(
              normalized.order.map((term) => last[term.field]),
              queryFingerprint(normalized),
            )
          : null;
      return Object.freeze({ items: Object.freeze(page.map(cloneRecord)), nextCursor });
    },
  });
}
